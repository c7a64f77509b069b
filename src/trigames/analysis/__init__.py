"""Analysis reports of self-play: statistics (:mod:`.stats`), the Ludii game metrics
(:mod:`.metrics`), fairness maps (:mod:`.fairness`), sweeps of variants (:mod:`.sweep`) and the
HTML and JSON report (:mod:`.report`, which needs the ``analysis`` extra for matplotlib)."""
