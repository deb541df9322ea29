#!/usr/bin/env bash
# dotbox's one entry point.
#   ./build.sh serve   build the wasm (release) and serve www/ on http://127.0.0.1:8000
#   ./build.sh test    every test: fmt, clippy (native and wasm32), rustdoc, native tests, the wasm
#                      build, wasm-bindgen-test in headless Chromium, the Dask driver,
#                      the Python package (pytest), end-to-end tests
#   ./build.sh wasm    only build the wasm: www/pkg (one thread) and www/pkg-threads (threads)
#   ./build.sh bench   the in-browser benchmark (icelandic in one and two workers) beside the native solve
#   ./build.sh dist    the static site in dist/ (scripts/dist.mjs; docs/deploy.md): any static host
#                      serves it as it is, threads and offline through its service worker
# Installs what is missing: the wasm32 target, the pinned nightly toolchain of the threaded
# wasm (with rust-src and clippy), wasm-bindgen-cli at exactly the Cargo.lock version, Chromium and its driver (Debian packages), the npm packages of package-lock.json,
# the Dask driver's Python packages (a venv in .venv-dask), the Python package's (.venv-python).
set -euo pipefail
cd "$(dirname "$0")"

PORT="${PORT:-8000}"
TARGET=wasm32-unknown-unknown
# The threaded wasm needs the standard library rebuilt with atomics, which only a nightly
# toolchain does (-Z build-std); pinned so every machine builds the same module.
THREADS_TOOLCHAIN=nightly-2026-05-20

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

note() { printf '    %s\n' "$*" >&2; }

# Runs a command with its output kept in a log, shown only if it fails.
quietly() {
  local log
  log="$(mktemp)"
  if "$@" >"$log" 2>&1; then
    rm -f "$log"
  else
    local rc=$?
    cat "$log" >&2
    rm -f "$log"
    return "$rc"
  fi
}

# Whether the threaded wasm's toolchain is here with the standard library's source (to rebuild
# it with atomics) and clippy (./build.sh test lints that build too).
threads_toolchain_ready() {
  local installed
  installed="$(rustup component list --toolchain "$THREADS_TOOLCHAIN" --installed 2>/dev/null || true)"
  grep -qx rust-src <<<"$installed" && grep -q '^clippy' <<<"$installed"
}

ensure_wasm_tools() {
  ensure_node_modules # binaryen's wasm-opt
  local want missing=()
  want="$(bindgen_version)"
  rustup target list --installed | grep -qx "$TARGET" || missing+=("the $TARGET target")
  threads_toolchain_ready || missing+=("the $THREADS_TOOLCHAIN toolchain")
  [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" = "$want" ] || missing+=("wasm-bindgen-cli $want")
  [ ${#missing[@]} -eq 0 ] && return
  # Said once, up front: the only slow step of a first build is compiling wasm-bindgen-cli.
  log "first build on this machine: installing ${missing[*]}"
  note "wasm-bindgen-cli compiles from source (about 3 minutes on 2 cores, once); later builds take seconds"
  if ! rustup target list --installed | grep -qx "$TARGET"; then
    quietly rustup target add "$TARGET"
  fi
  if ! threads_toolchain_ready; then
    quietly rustup toolchain install "$THREADS_TOOLCHAIN" --profile minimal --component rust-src,clippy
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # The crate's own lock file first, for a reproducible tool; when one of its locked
    # dependencies is no longer published, a fresh resolution (same wasm-bindgen version).
    if ! cargo install --quiet --locked wasm-bindgen-cli --version "$want" 2>/dev/null; then
      note "its locked dependencies no longer resolve; installing with current ones instead"
      cargo install --quiet wasm-bindgen-cli --version "$want"
    fi
  fi
}

build_wasm() {
  ensure_wasm_tools
  log "building the wasm (release, one thread)"
  cargo build --release --target "$TARGET" --lib
  wasm-bindgen --target web --no-typescript --out-dir www/pkg "target/$TARGET/release/dotbox.wasm"
  optimise_wasm www/pkg/dotbox_bg.wasm
  build_wasm_threads
}

# Runs wasm-opt -O3 on FILE (extra feature flags after it): binaryen's, pinned in
# package.json (npm ci installs it), so every machine ships the same module; it takes the
# one-thread module from 270 to 244 kB gzipped (most of it the name section it drops) and
# costs some 15 s a module, so the result is kept in target/wasm-opt by the input's hash
# and an unchanged module is not optimised again. The features are those rustc's output
# uses (its default set, and SIMD: .cargo/config.toml); threads for the threaded build.
optimise_wasm() {
  local file="$1" key
  key="$(sha256sum "$file" | cut -c1-32)"
  mkdir -p target/wasm-opt
  if [ ! -f "target/wasm-opt/$key.wasm" ]; then
    log "optimising $file with wasm-opt ($(node_modules/.bin/wasm-opt --version))"
    node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-multivalue --enable-reference-types --enable-simd "${@:2}" \
      "$file" -o "target/wasm-opt/$key.wasm.part"
    mv "target/wasm-opt/$key.wasm.part" "target/wasm-opt/$key.wasm"
  fi
  cp "target/wasm-opt/$key.wasm" "$file"
}

# Runs cargo SUBCOMMAND for the threaded wasm (www/pkg-threads): std rebuilt with atomics on
# the pinned nightly, so the retro kernel's chunks run on rayon's pool, the solving worker and
# Web Workers sharing its memory (src/wasm/threads.rs). The solving worker loads it where the
# page is cross-origin isolated, www/pkg elsewhere. Its own target dir: the flags differ from
# the plain build's, and sharing one would rebuild both each time.
threads_cargo() {
  # rustc no longer derives shared memory from +atomics (rust-lang/rust#147225): the linker
  # is told to share and import the memory and to export the thread-local-storage symbols
  # wasm-bindgen's thread transform needs. 4 GiB: the most a wasm32 memory may grow to.
  local flags='-C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128'
  local link
  for link in --shared-memory --import-memory --max-memory=4294967296 --export=__wasm_init_tls \
    --export=__tls_size --export=__tls_align --export=__tls_base --export=__heap_base; do
    flags+=" -C link-arg=$link"
  done
  RUSTFLAGS="$flags" cargo "+$THREADS_TOOLCHAIN" "$1" --release --target "$TARGET" --lib \
    --target-dir target/threads -Z build-std=panic_abort,std --config 'profile.release.panic="abort"' "${@:2}"
}

build_wasm_threads() {
  log "building the threaded wasm (release, $THREADS_TOOLCHAIN, +atomics, std rebuilt)"
  threads_cargo build
  wasm-bindgen --target web --no-typescript --out-dir www/pkg-threads "target/threads/$TARGET/release/dotbox.wasm"
  optimise_wasm www/pkg-threads/dotbox_bg.wasm --enable-threads
}

ensure_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing Chromium and chromedriver (Debian packages)"
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update
    $SUDO apt-get install -y chromium chromium-driver
  fi
}

# Debian's nginx: the end-to-end tests serve the built site with its stock configuration
# (tests/e2e/dist.test.mjs starts and stops its own instance on a free port).
ensure_nginx() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    log "installing nginx (Debian package; the tests run their own instance, not the service)"
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update
    $SUDO apt-get install -y nginx
  fi
}

# The npm packages of package-lock.json (playwright-core drives the system Chromium,
# binaryen's wasm-opt, esbuild bundles the static site), installed again when the lock file
# changes: a copy of it is kept in node_modules.
ensure_node_modules() {
  if ! cmp -s package-lock.json node_modules/.dotbox-package-lock.json 2>/dev/null; then
    log "installing the npm packages of package-lock.json"
    npm ci --no-audit --no-fund
    cp package-lock.json node_modules/.dotbox-package-lock.json
  fi
}

# The Python environment of the Dask driver (scripts/dask_solve.py), pinned by
# scripts/dask-requirements.txt, in .venv-dask (a few seconds from PyPI, once).
DASK_VENV=.venv-dask
ensure_dask() {
  if ! cmp -s scripts/dask-requirements.txt "$DASK_VENV/requirements.txt" 2>/dev/null; then
    log "installing the Dask driver's packages into $DASK_VENV (PyPI)"
    rm -rf "$DASK_VENV"
    python3 -m venv "$DASK_VENV"
    quietly "$DASK_VENV/bin/pip" install --disable-pip-version-check -r scripts/dask-requirements.txt
    cp scripts/dask-requirements.txt "$DASK_VENV/requirements.txt"
  fi
}

# The Python package's environment (python/requirements.txt, in .venv-python), then the
# package itself (python/, PyO3 and maturin) built and installed into it.
PYTHON_VENV=.venv-python
ensure_python_package() {
  if ! cmp -s python/requirements.txt "$PYTHON_VENV/requirements.txt" 2>/dev/null; then
    log "installing the Python package's build and test packages into $PYTHON_VENV (PyPI)"
    rm -rf "$PYTHON_VENV"
    python3 -m venv "$PYTHON_VENV"
    quietly "$PYTHON_VENV/bin/pip" install --disable-pip-version-check --only-binary=:all: \
      -r python/requirements.txt
    cp python/requirements.txt "$PYTHON_VENV/requirements.txt"
  fi
  log "building the Python package (maturin) into $PYTHON_VENV"
  PATH="$PWD/$PYTHON_VENV/bin:$PATH" quietly "$PYTHON_VENV/bin/pip" install \
    --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./python
}

native_cli() {
  log "building the native CLI (the reference the end-to-end tests check against)"
  cargo build --release --bin dotbox
}

case "${1:-}" in
  wasm)
    build_wasm
    ;;
  serve)
    build_wasm
    log "serving www/ on http://127.0.0.1:$PORT/"
    exec python3 scripts/serve.py www "$PORT"
    ;;
  test)
    ensure_wasm_tools
    log "formatting and lints (native and wasm32)"
    cargo fmt --check
    cargo clippy --all-targets -- -D warnings
    cargo clippy --target "$TARGET" --lib -- -D warnings
    # The library's wasm-bindgen tests (cfg(test)); the integration tests are native only.
    cargo clippy --target "$TARGET" --lib --profile test -- -D warnings
    threads_cargo clippy -- -D warnings
    log "the library's documentation (missing docs and broken links fail)"
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
    log "native tests"
    cargo test
    ensure_chromium
    log "wasm-bindgen-test in headless Chromium"
    CHROMEDRIVER="$(command -v chromedriver)" WASM_BINDGEN_TEST_TIMEOUT=120 \
      cargo test --target "$TARGET" --lib
    build_wasm
    native_cli
    ensure_node_modules
    ensure_dask
    ensure_nginx
    log "a 3x3 solve as Dask tasks, a task and a worker killed, against dotbox solve"
    "$DASK_VENV/bin/python" scripts/dask_solve_test.py 3x3 --workers 2
    log "formatting and lints of the Python package's Rust side"
    cargo fmt --manifest-path python/Cargo.toml --check
    cargo clippy --manifest-path python/Cargo.toml -- -D warnings
    ensure_python_package
    log "the Python package against the CLI and the real OpenSpiel (pytest)"
    "$PYTHON_VENV/bin/pytest" -q python/tests
    log "end-to-end tests in headless Chromium"
    node --test --test-concurrency=1 tests/e2e/
    ;;
  dist)
    build_wasm
    log "writing the static site to dist/"
    node scripts/dist.mjs "${@:2}"
    ;;
  bench)
    ensure_chromium
    build_wasm
    native_cli
    ensure_node_modules
    node scripts/bench-browser.mjs "${@:2}"
    ;;
  *)
    echo "usage: ./build.sh serve | test | wasm | bench | dist" >&2
    exit 2
    ;;
esac
