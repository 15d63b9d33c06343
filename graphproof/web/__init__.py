"""``graphproof serve``: a local web app over the public Python API (pages + JSON API)."""
