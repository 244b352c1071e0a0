# deeplinkd in a container: `docker build -t deeplinkd .` then `docker run -p 8080:8080 deeplinkd`.
# Mount another route table over /app/config/deeplinkd.yaml (or set DEEPLINKD_CONFIG); `docker kill -s HUP` reloads it.
# scripts/check-dockerfile.sh checks this file without a Docker engine (make dockerfile-check).

# Build: a release binary with the Swift runtime and Foundation linked in, so the runtime stage needs no toolchain.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libgnutls28-dev libqrencode-dev libcurl4-openssl-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
# Dependencies first: this layer is rebuilt only when the package manifest changes.
COPY Package.swift Package.resolved* ./
RUN swift package resolve
COPY Sources Sources
COPY Tests Tests
COPY Plugins Plugins
COPY mk/release-toolset.json mk/symbol-order.txt mk/static-libstdc++.sh mk/
# The flags of `make release`: lld with packed relative relocations, the code the server runs laid out first and
# libstdc++ linked in (a smaller resident set at start-up).
RUN mk/static-libstdc++.sh .build/static-libstdc++ \
    && swift build -c release --product deeplinkd --static-swift-stdlib --toolset mk/release-toolset.json \
    && install -D --strip .build/release/deeplinkd /out/deeplinkd

# Runtime: the binary, libmicrohttpd (with GnuTLS, for --tls-cert), libqrencode (for `qr`), libcurl on the same GnuTLS
# (for `doctor`, which opens it only when it runs), nothing else.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libqrencode4 libcurl3-gnutls \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /app --no-create-home --shell /usr/sbin/nologin deeplinkd
COPY --from=build /out/deeplinkd /usr/local/bin/deeplinkd
WORKDIR /app
COPY config config
COPY Public Public
# Every command (serve, check, aasa, resolve, link) reads these, so `docker run IMAGE check` checks the served table.
ENV DEEPLINKD_CONFIG=/app/config/deeplinkd.yaml \
    DEEPLINKD_PUBLIC=/app/Public \
    DEEPLINKD_HOST=0.0.0.0 \
    DEEPLINKD_PORT=8080
USER deeplinkd
EXPOSE 8080
# bash's /dev/tcp instead of curl: one package less. Healthy when /healthz answers 200 (on DEEPLINKD_PORT, if changed).
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${DEEPLINKD_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["deeplinkd"]
CMD ["serve"]
