#!/bin/sh
# A fake engine replaying a transcript (the file named by $1), for the hostile-engine tests.
# Transcript lines:
#   < TEXT    wait for a command that starts with TEXT (other commands are skipped)
#   > TEXT    write TEXT
#   exit N    exit with status N (an engine dying mid-search)
#   hang      never answer again
#   flood     write info lines forever
#   zeros     write NUL bytes without a line break (one endless line)
#   # …       a comment
# After the last step the engine waits for `quit`.
transcript=$1
while IFS= read -r step <&3; do
  case "$step" in
    "< "*)
      want=${step#< }
      while IFS= read -r cmd; do
        case "$cmd" in "$want"*) break ;; esac
      done ;;
    "> "*) printf '%s\n' "${step#> }" ;;
    "exit "*) exit "${step#exit }" ;;
    hang) exec sleep 1000 ;;
    flood) exec yes "info depth 1 seldepth 1 score cp 0 nodes 1 pv e2e4 e7e5" ;;
    zeros) exec cat /dev/zero ;;
  esac
done 3< "$transcript"
while IFS= read -r cmd; do
  [ "$cmd" = quit ] && exit 0
done
