"""``tfmlir.compat``: TF's compatibility namespace (``compat.v1``)."""

from tfmlir.compat import v1
