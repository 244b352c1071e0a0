# The whole test suite under the thread and the address sanitizers: the C callbacks run on libmicrohttpd's threads,
# and the hot paths use unsafe buffers. Each builds separately (.build-tsan, .build-asan), a few minutes each.
# The server runs in the test process (the deeplinkd tests start it in process on port 0), so both sanitizers watch
# its libmicrohttpd threads. Leak detection is off: the test process's only leaks are reference cycles in XCTest and
# in Foundation's Process, which runs the outside tools (openssl, zbarimg, the fake link domains).
CHECKS += sanitizers
.PHONY: sanitizers tsan asan
sanitizers: tsan asan

tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan
