"""Static files as whitenoise stores them, each file's address found once per process.

A board page holds six `{% static %}` tags, and the manifest storage works out each on
every render (the hashed name from the manifest, joined to STATIC_URL and quoted: 10-20 µs
a tag here, timed by template node inside `bench_actions`), about 0.1 ms of every page
drawn whole, a new player's first board and the page after an action included. A file's
address depends only on its name and on what the storage read when it was made (the
manifest, the settings): a storage made again (a setting changed) starts afresh.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

KEPT = 4096  # names: far more than the templates hold; past it, worked out every time


class KeptURLs:
    """`url(name)` worked out once per name; `url(name, force=True)` every time, as asked."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._kept_urls: dict[str, str] = {}

    def url(self, name, *args, **kwargs):
        if args or kwargs:
            return super().url(name, *args, **kwargs)
        try:
            return self._kept_urls[name]
        except (KeyError, TypeError):  # not yet, or a name no dict takes (let it fail there)
            url = super().url(name)
        if isinstance(name, str) and len(self._kept_urls) < KEPT:
            self._kept_urls[name] = url
        return url


class KeptCompressedManifestStaticFilesStorage(KeptURLs, CompressedManifestStaticFilesStorage):
    pass
