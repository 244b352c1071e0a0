# `make docs`: the DocC documentation of DeepLinkRouting (Sources/DeepLinkRouting/DeepLinkRouting.docc and every
# public symbol's summary) in .build/docs, ready for static hosting; `make test` builds it, so a broken link fails.
CHECKS += docs
.PHONY: docs
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target DeepLinkRouting \
		--output-path .build/docs --transform-for-static-hosting --warnings-as-errors
