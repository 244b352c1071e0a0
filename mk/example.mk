# The example app package (Examples/ExpresScanApp, its own .build): the DeepLinkRoutesPlugin generates its DeepLink
# enum from config/deeplinkd.yaml, and its tests run, the differential test against the .build/debug/deeplinkd that
# `make test` built. About 40 seconds from a clean .build (dependencies come from the same mirrors), a few when
# nothing changed.
CHECKS += example-check
.PHONY: example-check
example-check:
	$(SWIFT) build --package-path Examples/ExpresScanApp --build-tests
	$(SWIFT) test --package-path Examples/ExpresScanApp --skip-build
