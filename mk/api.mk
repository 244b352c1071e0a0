# The API against Public/openapi.yaml (openapi-spec-validator, schemathesis) and HTTP lint of four answers (REDbot).
# The tools are pinned in scripts/api-requirements.txt and installed into .venv-api/ on the first run.
CHECKS += api-check
.PHONY: api-check
api-check:
	@scripts/install-deps.sh python3 python3-venv
	python3 scripts/api-check.py .build/debug/deeplinkd
