#!/usr/bin/env bash
# The full solves past 32 open lines, beside the in-memory solve of icelandic, in one run:
# wall time, positions per second, peak resident memory and peak disk of each.
#   scripts/bench-big.sh            3x5 and 4x4 in memory, 4x4 under --memory 4G and 3x5
#                                   under --memory 2G on disk (icelandic first, for scale)
#   scripts/bench-big.sh 3x5        only the named cases (icelandic, 3x5, 4x4, 4x4-4G, 3x5-2G)
# The naive reference of the same boards is `cargo bench --bench solve` (icelandic and
# smaller: past 32 lines its one byte per raw mask needs 2^38 bytes and more).
# Needs GNU time (/usr/bin/time). The on-disk run writes its store under $BENCH_DIR
# (default: target/bench-big) and removes it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin dotbox >&2
BIN=target/release/dotbox
DIR="${BENCH_DIR:-target/bench-big}"
mkdir -p "$DIR"
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(icelandic 3x5 4x4 4x4-4G 3x5-2G)

run() { # name, dotbox arguments...
  local name=$1; shift
  local err="$DIR/$name.err" out="$DIR/$name.out"
  /usr/bin/time -f 'TIME %e %M' "$BIN" "$@" >"$out" 2>"$err"
  local secs kib positions rate disk value
  read -r secs kib < <(awk '/^TIME/ {print $2, $3}' "$err")
  # The summary's rate, "(63,002,505 positions/s)": a field not found reads '?', rather
  # than ending the run (and the solves after it) under set -e.
  positions=$(grep -o ': [0-9,]* positions\? in' "$out" | tr -dc '0-9' || true)
  rate=$(grep -o '([0-9,]* positions/s)' "$out" | tr -dc '0-9' || true)
  disk=$(awk '/^peak disk use/ {print $(NF-1), $NF}' "$err")
  value=$(awk '/^value:/ {print $2}' "$out")
  local mrate='?' gpositions='?'
  [ -z "$rate" ] || mrate=$(printf '%.1f M/s' "$(echo "$rate / 1000000" | bc -l)")
  [ -z "$positions" ] || gpositions=$(printf '%.2f G' "$(echo "$positions / 10^9" | bc -l)")
  printf '| %s | %s | %.1f s | %s | %s | %.2f GiB | %s | %s |\n' \
    "$name" "$*" "$secs" "$gpositions" "$mrate" "$(echo "$kib / 1048576" | bc -l)" \
    "${disk:-memory only}" "${value:-?}"
}

echo '| case | command | wall | positions | positions/s | peak RSS | peak disk | value |'
echo '|---|---|---|---|---|---|---|---|'
for c in "${cases[@]}"; do
  case "$c" in
    4x4-4G|3x5-2G)
            board=${c%-*} memory=${c#*-}
            rm -rf "$DIR/store-$board"
            run "$c" solve "$board" --memory "$memory" --store "$DIR/store-$board"
            rm -rf "$DIR/store-$board" ;;
    *) run "$c" solve "$c" ;;
  esac
done
