# The Dockerfile names only Debian packages that exist, runs as non-root, exposes 8080, has a HEALTHCHECK.
CHECKS += dockerfile-check
.PHONY: dockerfile-check
dockerfile-check:
	scripts/check-dockerfile.sh
