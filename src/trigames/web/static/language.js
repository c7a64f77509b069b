// The header's language switch (#language-choice): the choice is kept in the "lang" cookie,
// which the server reads before Accept-Language (trigames.web.i18n), and the page is loaded
// again in it.

const COOKIE = "lang";
const YEAR = 365 * 24 * 60 * 60;

const select = document.getElementById("language-choice");
select?.addEventListener("change", () => {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${COOKIE}=${encodeURIComponent(select.value)}; path=/; max-age=${YEAR}; samesite=lax${secure}`;
  location.reload();
});
