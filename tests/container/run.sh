#!/usr/bin/env bash
# tests/container/run.sh - the container test: builds the project's Dockerfile
# with podman (no Docker engine or registry needed) and checks the image the
# way a player uses it: /healthz, a new game through the API, the HTML page,
# a mounted lexicon passed by environment and by arguments, non-root, the
# HEALTHCHECK, and a prompt stop on SIGTERM. Containers are always removed.
#
# Run as root:  bash tests/container/run.sh   (CTest runs it as `container`).
# Installs podman, runc, debuerreotype and curl from Debian if missing. The
# debian:bookworm-slim base image is built once from the host's own apt mirror
# with debuerreotype and kept in podman's storage; the build uses --pull=never.
# Prints "container test: SKIPPED (reason)" and exits 77 when podman cannot
# run here; "container: N passed, M failed" otherwise (exit 0 only if M = 0).
#
# Environment: CLB_CONTAINER_TEST=0 skips; CLB_CONTAINER_REBUILD_BASE=1
# rebuilds the base image; MIRROR / SEC_MIRROR override the apt mirrors;
# IMAGE (default localhost/collabble:test) names the built image.
# shellcheck disable=SC2317  # functions run through check() and traps
set -euo pipefail

SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
IMAGE=${IMAGE:-localhost/collabble:test}
BASE=docker.io/library/debian:bookworm-slim
NAME=collabble-test-$$
T0=$SECONDS

skip() { echo "container test: SKIPPED ($1)"; exit 77; }
log() { echo "--- $* [$((SECONDS - T0))s]"; }

[ "${CLB_CONTAINER_TEST:-1}" != 0 ] || skip "disabled by CLB_CONTAINER_TEST=0"
[ "$(uname -s)" = Linux ] || skip "podman needs Linux"
[ "$(id -u)" = 0 ] || skip "needs root: rootless podman is not set up here"
# Building the base image and running a container both need a private mount
# namespace, which a chroot (for one) cannot give: ask the kernel first, so
# the skip names the real reason, before anything is installed.
if ! why=$(unshare --mount true 2>&1); then
  skip "this machine cannot make a mount namespace, which containers need (unshare --mount: ${why##*$'\n'}; inside a chroot?)"
fi

# --- tools ---------------------------------------------------------------
missing=()
for t in podman runc debuerreotype-init curl; do
  command -v "$t" >/dev/null 2>&1 || missing+=("$t")
done
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || skip "missing ${missing[*]} and no apt-get to install them"
  log "installing podman runc debuerreotype curl"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq podman runc debuerreotype curl; } \
    >/dev/null 2>&1 || skip "cannot install podman/runc/debuerreotype/curl with apt-get"
fi

TMP=$(mktemp -d)
CONTAINERS=()
cleanup() {
  local c
  for c in "${CONTAINERS[@]}"; do podman rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# One run at a time: runs share the base image and podman's build cache.
exec 9>"${TMPDIR:-/tmp}/collabble-container-test.lock"
flock -w 1200 9 || skip "another container test held the lock for 20 minutes"

# Required on these hosts, so set in our own containers.conf (nothing under
# /etc changes): crun refuses a hybrid cgroup v1/v2 layout, so use runc; and
# podman's default rlimits exceed the hard limits, so that setrlimit in the
# runtime fails with EPERM unless they are capped at what we hold.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
nproc=$(ulimit -Hu)
if [ "$nproc" = unlimited ] || [ "$nproc" -gt 4096 ]; then nproc=4096; fi
cat >"$TMP/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$TMP/containers.conf"
podman info >"$TMP/info.log" 2>&1 || skip "podman info fails: $(tail -n 1 "$TMP/info.log")"

# --- the base image, built from the host's apt mirror ----------------------
apt_uris() {
  { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}'
    grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
      sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}'; } | grep -E '^https?://' || true
}
MIRROR=${MIRROR:-$(apt_uris | grep -v -- '-security' | head -n 1)}
SEC_MIRROR=${SEC_MIRROR:-$(apt_uris | grep -- '-security' | head -n 1)}

make_base_image() {
  local R="$TMP/rootfs"
  [ -n "$MIRROR" ] || { echo "no http(s) Debian mirror in /etc/apt sources" >&2; return 1; }
  debuerreotype-init --non-debian --keyring /usr/share/keyrings/debian-archive-keyring.gpg \
    "$R" bookworm "$MIRROR" || return 1
  debuerreotype-minimizing-config "$R"
  # debuerreotype-debian-sources-list wants snapshot.debian.org: write it here.
  rm -f "$R/etc/apt/sources.list"
  {
    printf 'Types: deb\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\n' "$MIRROR"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    if [ -n "$SEC_MIRROR" ]; then
      printf '\nTypes: deb\nURIs: %s\nSuites: bookworm-security\nComponents: main\n' "$SEC_MIRROR"
      printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
  } >"$R/etc/apt/sources.list.d/debian.sources"
  debuerreotype-apt-get "$R" update -qq
  debuerreotype-apt-get "$R" dist-upgrade -yqq
  debuerreotype-slimify "$R"
  rm -rf "$R"/var/lib/apt/lists/* "$R"/var/cache/apt/*.bin
  : >"$R/etc/resolv.conf" # podman mounts its own at build and run time
  debuerreotype-tar "$R" "$TMP/base.tar"
  rm -rf "$R"
  podman import --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$TMP/base.tar" "$BASE" >/dev/null
  rm -f "$TMP/base.tar"
}

if [ "${CLB_CONTAINER_REBUILD_BASE:-0}" = 1 ]; then podman rmi -f "$BASE" >/dev/null 2>&1 || true; fi
if podman image exists "$BASE"; then
  log "base image $BASE present"
else
  log "building base image $BASE from ${MIRROR:-?} (once; cached in podman storage)"
  if ! make_base_image >"$TMP/base.log" 2>&1; then
    tail -n 20 "$TMP/base.log"
    # The first line that says what failed, rather than a guess.
    why=$(grep -m1 -iE 'error|cannot|failed|denied|unable|not found|refused' "$TMP/base.log" || tail -n 1 "$TMP/base.log")
    skip "cannot build the debian:bookworm-slim base image (mirror ${MIRROR:-none found}): $why"
  fi
  log "base image built"
fi

# --- helpers -------------------------------------------------------------
free_port() { # a loopback port nothing listens on
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 12000)) # below the usual ephemeral range
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return 0; fi
  done
  return 1
}
now_ms() { date +%s%3N; }

# Can this kernel and podman run a container with a published port at all?
# If not, that is the machine, not the project: skip.
port=$(free_port) || skip "no free loopback port"
CONTAINERS+=("$NAME-preflight")
if ! podman run --rm --pull=never --name "$NAME-preflight" -p "127.0.0.1:$port:9" \
     "$BASE" true >"$TMP/preflight.log" 2>&1; then
  cat "$TMP/preflight.log"
  skip "podman cannot run a container here: $(tail -n 1 "$TMP/preflight.log")"
fi

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   - $1"; }
bad() { failed=$((failed + 1)); echo "FAIL - $1"; }
check() { # check NAME COMMAND...: one test case
  local name=$1; shift
  if "$@"; then ok "$name"; else bad "$name"; fi
}
finish() {
  echo "container: $passed passed, $failed failed [$((SECONDS - T0))s]"
  if [ "$failed" = 0 ]; then exit 0; fi
  exit 1
}

# http METHOD URL [BODY]: sets STATUS and BODY_FILE.
BODY_FILE=$TMP/body
http() {
  local args=(-sS --max-time 10 -o "$BODY_FILE" -w '%{http_code}' -X "$1")
  [ $# -lt 3 ] || args+=(-H 'Content-Type: application/json' --data-binary "$3")
  STATUS=$(curl "${args[@]}" "$2" 2>"$TMP/curl.err") || STATUS=000
}

# start_container NAME [podman-run options...] -- [args...]: runs the image
# detached on a free loopback port (sets PORT) and waits (30 s at most) for
# /healthz to answer 200. A port taken in the meantime is retried.
PORT=
start_container() {
  local name=$1 opts=() try; shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
  [ $# -eq 0 ] || shift
  CONTAINERS+=("$name")
  for try in 1 2 3; do
    PORT=$(free_port) || { echo "no free loopback port"; return 1; }
    if podman run -d --pull=never --name "$name" -p "127.0.0.1:$PORT:8080" "${opts[@]}" \
         "$IMAGE" "$@" >"$TMP/run.log" 2>&1; then
      break
    fi
    cat "$TMP/run.log"
    podman rm -f -t 0 "$name" >/dev/null 2>&1 || true
    grep -qi 'address already in use' "$TMP/run.log" && [ "$try" -lt 3 ] || return 1
  done
  for _ in $(seq 1 60); do
    http GET "http://127.0.0.1:$PORT/healthz"
    [ "$STATUS" != 200 ] || return 0
    [ "$(podman inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = true ] || break
    sleep 0.5
  done
  echo "no /healthz 200 from $name; its log:"; podman logs "$name" 2>&1 | tail -n 20
  return 1
}

# --- the image -----------------------------------------------------------
# --format docker: the OCI image format has no HEALTHCHECK.
log "podman build $SRC_DIR"
t=$SECONDS
# The host's CA bundle goes in as the Dockerfile's optional extra_ca secret, so
# that npm ci inside the build also works behind a TLS-inspecting proxy.
build_opts=(--pull=never --format docker -t "$IMAGE")
# The OCI labels a registry shows, filled as docs/DEPLOY.md says to.
VERSION=$(sed -nE 's/^project\(collabble VERSION ([0-9.]+).*/\1/p' "$SRC_DIR/CMakeLists.txt")
REVISION=$(git -C "$SRC_DIR" rev-parse HEAD 2>/dev/null || echo unknown)
SOURCE=$(git -C "$SRC_DIR" remote get-url origin 2>/dev/null || echo "file://$SRC_DIR")
CREATED=$(git -C "$SRC_DIR" log -1 --format=%cI 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ)
build_opts+=(--build-arg "VERSION=$VERSION" --build-arg "REVISION=$REVISION"
  --build-arg "SOURCE=$SOURCE" --build-arg "CREATED=$CREATED")
# podman's layer cache does not count a build argument's value as a change of
# the LABEL that uses it, so a new revision would keep the old label: the same
# labels given with --label, which apply to the image itself.
for kv in "version=$VERSION" "revision=$REVISION" "source=$SOURCE" "created=$CREATED"; do
  build_opts+=(--label "org.opencontainers.image.$kv")
done
old_id=$(podman image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)
host_ca=/etc/ssl/certs/ca-certificates.crt
[ ! -s "$host_ca" ] || build_opts+=(--secret "id=extra_ca,src=$host_ca")
if podman build "${build_opts[@]}" "$SRC_DIR" >"$TMP/build.log" 2>&1; then
  ok "image builds (podman build --pull=never, $((SECONDS - t))s)"
else
  tail -n 40 "$TMP/build.log"
  bad "image builds (podman build --pull=never)"
  finish
fi
# Drop the image this build replaced (not the build cache: `podman image
# prune` would also drop the cached apt layers and cost minutes next time).
new_id=$(podman image inspect --format '{{.Id}}' "$IMAGE")
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then podman rmi "$old_id" >/dev/null 2>&1 || true; fi
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
log "image $IMAGE: $((size / 1000000)) MB ($size bytes)"

oci_labels() {
  local key want got
  for key in licenses source version revision created; do
    got=$(podman image inspect --format "{{index .Labels \"org.opencontainers.image.$key\"}}" "$IMAGE")
    case $key in
      licenses) want=MIT ;; version) want=$VERSION ;; revision) want=$REVISION ;;
      source) want=$SOURCE ;; *) want=$got ;;
    esac
    if [ -z "$got" ] || [ "$got" = unknown ] || [ "$got" != "$want" ]; then
      echo "label org.opencontainers.image.$key is '$got', not '$want'"; return 1
    fi
  done
  # podman's default OCI format would have dropped it: --format docker keeps it.
  podman image inspect --format '{{.HealthCheck}}' "$IMAGE" | grep -q healthcheck ||
    { echo "the image has no HEALTHCHECK"; return 1; }
}
check "image has the OCI labels (licenses, source, version, revision, created) and its HEALTHCHECK" oci_labels

no_build_tools() {
  podman run --rm --pull=never --no-healthcheck --entrypoint /bin/sh "$IMAGE" -c \
    'for t in gcc cc make cmake node npm curl wget; do command -v $t && exit 1; done; exit 0'
}
check "runtime image has no build tools, curl or wget" no_build_tools

# --- the server, as `docker run -p PORT:8080 IMAGE` runs it ----------------
if start_container "$NAME"; then
  ok "container starts and GET /healthz answers 200"
else
  bad "container starts and GET /healthz answers 200"
  finish
fi
base_url=http://127.0.0.1:$PORT

STATE=
new_game() {
  http POST "$base_url/api/v1/games" '{}'
  [ "$STATUS" = 201 ] || { echo "POST /api/v1/games {} -> $STATUS: $(head -c 300 "$BODY_FILE")"; return 1; }
  STATE=$(sed -nE 's/.*"state" *: *"([^"]+)".*/\1/p' "$BODY_FILE")
  [ -n "$STATE" ] || { echo "no \"state\" in: $(head -c 300 "$BODY_FILE")"; return 1; }
  grep -q '"game"' "$BODY_FILE" || { echo "no \"game\" in: $(head -c 300 "$BODY_FILE")"; return 1; }
}
check "POST /api/v1/games {} answers 201 with a state and a game" new_game

landing_page() {
  http GET "$base_url/"
  if [ "$STATUS" != 200 ] || ! grep -q Collabble "$BODY_FILE"; then
    echo "GET / -> $STATUS: $(head -c 300 "$BODY_FILE")"; return 1
  fi
}
check "GET / answers 200 with the Collabble page" landing_page

game_page() {
  [ -n "$STATE" ] || return 1
  STATUS=$(curl -sS --max-time 10 -o "$BODY_FILE" -w '%{http_code}' -G \
    --data-urlencode "s=$STATE" "$base_url/") || STATUS=000
  if [ "$STATUS" != 200 ] || ! grep -q Collabble "$BODY_FILE"; then
    echo "GET /?s=STATE -> $STATUS: $(head -c 300 "$BODY_FILE")"; return 1
  fi
}
check "GET /?s=STATE shows the new game" game_page

non_root() {
  local uid comm
  uid=$(podman exec "$NAME" id -u) && comm=$(podman exec "$NAME" cat /proc/1/comm) || return 1
  if [ "$uid" = 0 ] || [ "$comm" != collabble ]; then echo "uid $uid, PID 1 is $comm"; return 1; fi
}
check "runs as a non-root user, collabble is PID 1" non_root

healthcheck() {
  [ -n "$(podman inspect --format '{{.Config.Healthcheck}}' "$NAME")" ] || { echo "image has no HEALTHCHECK"; return 1; }
  podman healthcheck run "$NAME" || return 1
  # and it does notice a server that does not answer
  if podman exec "$NAME" /usr/local/bin/collabble-healthcheck 1 2>/dev/null; then
    echo "the helper reports a closed port as healthy"; return 1
  fi
}
check "HEALTHCHECK passes (and fails against a closed port)" healthcheck

stops_promptly() {
  local t0 ms code
  t0=$(now_ms)
  # (podman's complaints about systemd timers for the healthcheck go to a log)
  podman stop -t 10 "$NAME" >/dev/null 2>"$TMP/stop.log" || { cat "$TMP/stop.log"; return 1; }
  ms=$(($(now_ms) - t0))
  code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
  echo "    stopped in ${ms} ms, exit code $code"
  [ "$ms" -lt 5000 ] && [ "$code" != 137 ]
}
check "stops promptly on SIGTERM (podman stop -t 10)" stops_promptly

# --- a mounted lexicon, by environment and by arguments --------------------
mkdir -p "$TMP/lexicons"
printf 'QI\nZA\nXU\nCAT\nCATS\nDOG\nWORDS\n' >"$TMP/lexicons/mini.txt"
chmod -R a+rX "$TMP" # the container's user is not root

game_with_lexicon() { # game_with_lexicon PORT LEXICON: expect 201
  http POST "http://127.0.0.1:$1/api/v1/games" "{\"lexicon\":\"$2\"}"
  [ "$STATUS" = 201 ] || { echo "POST {\"lexicon\":\"$2\"} -> $STATUS: $(head -c 300 "$BODY_FILE")"; return 1; }
}
unknown_lexicon_refused() { # PORT LEXICON: expect a 4xx
  http POST "http://127.0.0.1:$1/api/v1/games" "{\"lexicon\":\"$2\"}"
  case $STATUS in 4??) return 0 ;; esac
  echo "POST {\"lexicon\":\"$2\"} -> $STATUS, expected 4xx"; return 1
}

# This one also runs with compose.yaml's hardening: read-only, no capabilities.
lex_env() {
  start_container "$NAME-env" -v "$TMP/lexicons/mini.txt:/lexicons/mini.txt:ro" \
    --read-only --cap-drop ALL --security-opt no-new-privileges \
    -e COLLABBLE_LEXICON=/lexicons/mini.txt:mini -- &&
    game_with_lexicon "$PORT" mini && unknown_lexicon_refused "$PORT" sowpods
}
check "COLLABBLE_LEXICON=/lexicons/mini.txt:mini serves the mounted list (read-only, no caps)" lex_env
podman rm -f -t 0 "$NAME-env" >/dev/null 2>&1 || true

lex_args() {
  start_container "$NAME-args" -v "$TMP/lexicons/mini.txt:/lexicons/mini.txt:ro" -- \
    --lexicon @builtin:sowpods --lexicon /lexicons/mini.txt:mini &&
    game_with_lexicon "$PORT" mini && game_with_lexicon "$PORT" sowpods &&
    unknown_lexicon_refused "$PORT" nosuchlexicon
}
check "--lexicon arguments after the image serve both lexicons" lex_args
podman rm -f -t 0 "$NAME-args" >/dev/null 2>&1 || true

finish
