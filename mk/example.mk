# The example app package (Examples/ExpresScanApp, its own .build): the DeepLinkRoutesPlugin generates its DeepLink
# enum from config/deeplinkd.yaml, and its tests run, the differential test against the .build/debug/deeplinkd that
# `make test` built. Its EveryShape target does the same with a table of every config shape and hostile name
# (Sources/EveryShape/deeplinkd.yaml), so the code generated for each compiles and is compared with the server in
# every state and feature set. About 50 seconds from a clean .build (dependencies come from the same mirrors; EveryShape
# adds about 5 of CPU), a few when nothing changed.
CHECKS += example-check
.PHONY: example-check
example-check:
	$(SWIFT) build --package-path Examples/ExpresScanApp --build-tests
	$(SWIFT) test --package-path Examples/ExpresScanApp --skip-build
