#!/usr/bin/env bash
# tests/container/multiarch.sh - the image builds for linux/arm64 (a
# Raspberry Pi is the typical home server) and answers /healthz, under
# emulation: Debian's qemu-user-static registered with binfmt_misc, podman
# `build --platform linux/arm64`. The arm64 debian:bookworm-slim base is
# built once from the host's apt mirror with debuerreotype (as the container
# test builds the amd64 one) and kept in podman's storage.
#
#   bash tests/container/multiarch.sh          the short check (CI): the
#       emulation runs an arm64 program, and the arm64 base answers
#       `uname -m` with aarch64 when it is already built; the build itself
#       is skipped with the time it takes
#   CLB_MULTIARCH=1 bash tests/container/multiarch.sh
#       the whole check: builds the base if missing, builds the image for
#       linux/arm64, runs it and asks /healthz (tens of minutes on 2 cores)
#
# Prints "multiarch: SKIPPED (reason)" and exits 77 where podman or the
# emulation cannot run; "multiarch: N passed, M failed" otherwise.
# shellcheck disable=SC2317
set -uo pipefail

SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ARCH_BASE=localhost/debian-arm64:bookworm-slim
IMAGE=${IMAGE:-localhost/collabble:arm64-test}
NAME=collabble-arm64-$$
FULL=${CLB_MULTIARCH:-0}
T0=$SECONDS
passed=0 failed=0

skip() { echo "multiarch: SKIPPED ($1)"; exit 77; }
log() { echo "--- $* [$((SECONDS - T0))s]"; }
ok() { passed=$((passed + 1)); echo "ok   - $1"; }
bad() { failed=$((failed + 1)); echo "FAIL - $1"; }
finish() {
    echo "multiarch: $passed passed, $failed failed [$((SECONDS - T0))s]"
    [ "$failed" = 0 ]
    exit $?
}

[ "$(uname -s)" = Linux ] || skip "podman needs Linux"
[ "$(id -u)" = 0 ] || skip "needs root"
if ! why=$(unshare --mount true 2>&1); then
    skip "no mount namespace for containers here (${why##*$'\n'})"
fi
command -v podman >/dev/null || skip "podman is missing (the container test installs it)"
command -v debuerreotype-init >/dev/null || skip "debuerreotype is missing (the container test installs it)"

# --- the emulation -------------------------------------------------------
# binfmt_misc, mounted if the kernel has it but nothing mounted it yet.
bm=/proc/sys/fs/binfmt_misc
if [ ! -e "$bm/status" ]; then
    mount -t binfmt_misc binfmt_misc "$bm" 2>/dev/null ||
        skip "the kernel's binfmt_misc cannot be mounted here, so no foreign binary can run"
fi
if [ ! -e "$bm/qemu-aarch64" ]; then
    if [ "$FULL" = 1 ] || command -v qemu-aarch64-static >/dev/null; then
        log "installing qemu-user-static binfmt-support"
        { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
            qemu-user-static binfmt-support; } >/dev/null 2>&1 ||
            skip "cannot install qemu-user-static with apt-get"
        update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
    else
        skip "no arm64 emulation registered (apt-get install qemu-user-static binfmt-support, or CLB_MULTIARCH=1 installs it)"
    fi
fi
[ -e "$bm/qemu-aarch64" ] || skip "qemu-aarch64 is not registered with binfmt_misc"
# The F flag: the interpreter is opened when registered, so it works inside
# a container's root, which has no qemu of its own.
grep -q '^flags: .*F' "$bm/qemu-aarch64" ||
    skip "qemu-aarch64 is registered without the F flag, so it cannot run inside a container"

# One run at a time with the container test: they share podman's storage.
exec 9>"${TMPDIR:-/tmp}/collabble-container-test.lock"
flock -w 1200 9 || skip "a container test held the lock for 20 minutes"

# podman's settings as the container test makes them (runc, the rlimits
# capped at what we hold): nothing under /etc changes.
CONF_DIR=$(mktemp -d)
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
nproc=$(ulimit -Hu)
if [ "$nproc" = unlimited ] || [ "$nproc" -gt 4096 ]; then nproc=4096; fi
printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=%s:%s"]\n[engine]\nruntime = "runc"\n' \
    "$nofile" "$nofile" "$nproc" "$nproc" >"$CONF_DIR/containers.conf"
export CONTAINERS_CONF="$CONF_DIR/containers.conf"

# --- the arm64 base image ------------------------------------------------
apt_uris() {
    { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}'
      grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
          sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}'; } | grep -E '^https?://' || true
}
MIRROR=${MIRROR:-$(apt_uris | grep -v -- '-security' | head -n 1)}
TMP=$(mktemp -d)
cleanup() {
    podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
    rm -rf "$TMP" "$CONF_DIR"
}
trap cleanup EXIT

make_arm64_base() {
    local R="$TMP/rootfs"
    [ -n "$MIRROR" ] || { echo "no http(s) Debian mirror in /etc/apt sources"; return 1; }
    debuerreotype-init --non-debian --arch arm64 \
        --keyring /usr/share/keyrings/debian-archive-keyring.gpg "$R" bookworm "$MIRROR" || return 1
    debuerreotype-minimizing-config "$R"
    rm -f "$R/etc/apt/sources.list"
    printf 'Types: deb\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$MIRROR" >"$R/etc/apt/sources.list.d/debian.sources"
    debuerreotype-apt-get "$R" update -qq
    debuerreotype-slimify "$R"
    rm -rf "$R"/var/lib/apt/lists/* "$R"/var/cache/apt/*.bin
    : >"$R/etc/resolv.conf"
    debuerreotype-tar "$R" "$TMP/base.tar"
    rm -rf "$R"
    podman import --arch arm64 --change 'CMD ["bash"]' \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        "$TMP/base.tar" "$ARCH_BASE" >/dev/null
}

if ! podman image exists "$ARCH_BASE"; then
    [ "$FULL" = 1 ] ||
        skip "the arm64 base image is not built yet; CLB_MULTIARCH=1 builds it and the image under emulation (tens of minutes on 2 cores)"
    log "building the arm64 base image from $MIRROR under emulation (once)"
    if ! make_arm64_base >"$TMP/base.log" 2>&1; then
        tail -n 20 "$TMP/base.log"
        skip "cannot build the arm64 base image: $(grep -m1 -iE 'error|cannot|failed' "$TMP/base.log" || tail -n 1 "$TMP/base.log")"
    fi
    log "arm64 base image built"
fi

arch=$(podman run --rm --pull=never --platform linux/arm64 "$ARCH_BASE" uname -m 2>&1)
if [ "$arch" = aarch64 ]; then ok "an arm64 container runs under emulation (uname -m: aarch64)"; else
    bad "an arm64 container runs under emulation (uname -m said: $arch)"; finish; fi

if [ "$FULL" != 1 ]; then
    echo "multiarch: the arm64 build itself is skipped in the short check (CLB_MULTIARCH=1 runs it)"
    finish
fi

# --- the image, for linux/arm64 --------------------------------------------
# The Dockerfile names debian:bookworm-slim: a build context of its own
# points that name at the arm64 base for this build only.
log "podman build --platform linux/arm64 (under emulation)"
t=$SECONDS
sed "s|^FROM debian:bookworm-slim|FROM $ARCH_BASE|" "$SRC_DIR/Dockerfile" >"$TMP/Dockerfile.arm64"
build_opts=(--pull=never --format docker --platform linux/arm64 -f "$TMP/Dockerfile.arm64" -t "$IMAGE")
host_ca=/etc/ssl/certs/ca-certificates.crt
[ ! -s "$host_ca" ] || build_opts+=(--secret "id=extra_ca,src=$host_ca")
if podman build "${build_opts[@]}" "$SRC_DIR" >"$TMP/build.log" 2>&1; then
    ok "the image builds for linux/arm64 ($((SECONDS - t)) s under emulation)"
else
    tail -n 40 "$TMP/build.log"
    bad "the image builds for linux/arm64"
    finish
fi
img_arch=$(podman image inspect --format '{{.Architecture}}' "$IMAGE")
if [ "$img_arch" = arm64 ]; then ok "the image is arm64"; else bad "the image is arm64 (it says $img_arch)"; fi

# A free loopback port, chosen by podman.
podman run -d --pull=never --platform linux/arm64 --name "$NAME" -p "127.0.0.1::8080" "$IMAGE" >/dev/null 2>&1 ||
    { bad "the arm64 container starts"; finish; }
port=$(podman port "$NAME" 8080/tcp | sed -n 's/.*:\([0-9]*\)$/\1/p' | head -n 1)
answered=
for _ in $(seq 1 240); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz")" = 200 ]; then answered=1; break; fi
    sleep 0.5
done
if [ -n "$answered" ]; then ok "GET /healthz answers 200 from the arm64 container"; else
    podman logs "$NAME" 2>&1 | tail -n 10
    bad "GET /healthz answers 200 from the arm64 container"
fi
game=$(curl -s -w '\n%{http_code}' -X POST -d '{}' "http://127.0.0.1:$port/api/v1/games")
if [ "$(tail -n 1 <<<"$game")" = 201 ]; then ok "a new game from the arm64 server"; else bad "a new game from the arm64 server"; fi
finish
