#!/usr/bin/env bash
# The generated bash completion, run by bash: what a person gets after pressing Tab.
# Usage: completions_test.sh path/to/wonderlog
set -euo pipefail
wonderlog="$1"
source <("$wonderlog" completions bash)
failures=0

# complete WORDS...: the candidates for the last word of "wonderlog WORDS...".
complete_words() {
  COMP_WORDS=(wonderlog "$@")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  _wonderlog
  echo "${COMPREPLY[*]}"
}

expect() {  # expect "WANTED" WORDS...: the candidates are exactly WANTED
  local wanted="$1"; shift
  local got
  got="$(complete_words "$@")"
  if [[ "$got" != "$wanted" ]]; then
    echo "FAIL: wonderlog $* <Tab>: expected '$wanted', got '$got'"
    failures=$((failures + 1))
  fi
}

expect "verify view" v
expect "--format" verify --for
expect "text json" verify --format ""
expect "--check" fmt --ch
expect "auto always never" --color ""
expect "auto always never" verify --color ""
expect "alicematic-heroes" gen alic
expect "fmt" help fm
expect "bash" completions ba
# Files: the .wlog ones and folders.
dir="$(mktemp -d)"
mkdir "$dir/logs"; touch "$dir/game.wlog" "$dir/notes.txt"
got="$(cd "$dir" && complete_words verify "")"
[[ " $got " == *" game.wlog "* && " $got " == *" logs "* && " $got " != *"notes.txt"* ]] ||
  { echo "FAIL: wonderlog verify <Tab> in a folder: got '$got'"; failures=$((failures + 1)); }
rm -rf "$dir"

if ((failures)); then exit 1; fi
echo "bash completion: all candidates as expected"
