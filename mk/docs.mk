# `make docs`: the DocC documentation of DeepLinkRouting (Sources/DeepLinkRouting/DeepLinkRouting.docc and every
# public symbol's summary) in .build/docs, ready for static hosting; `make test` builds it, so a broken link fails.
# swift-docc-plugin is a dependency only when DEEPLINKD_DOCS is set (Package.swift): an app never resolves it. It builds
# in .build-docs, so the dependency set of .build stays the one `swift build` resolves.
CHECKS += docs
.PHONY: docs
docs:
	DEEPLINKD_DOCS=1 $(SWIFT) package --scratch-path .build-docs --allow-writing-to-directory .build/docs \
		generate-documentation --target DeepLinkRouting --output-path .build/docs --transform-for-static-hosting \
		--warnings-as-errors
