"""Analysis reports of self-play: statistics (:mod:`.stats`) and the HTML and JSON report
(:mod:`.report`, which needs the ``analysis`` extra for matplotlib)."""
