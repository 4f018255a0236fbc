# make install's layout: installs BUILD into PREFIX and checks that the binary, the man page,
# the completions, the catalogs and the docs are where their users look for them.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX} RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${status}")
endif()
foreach(path
    bin/wonderlog
    share/man/man1/wonderlog.1
    share/bash-completion/completions/wonderlog
    share/zsh/vendor-completions/_wonderlog
    share/fish/vendor_completions.d/wonderlog.fish
    share/wonderlog/catalogs/tea-time.yaml
    share/doc/wonderlog/cli.md
    share/doc/wonderlog/examples/tea-time/two-players-club-night.wlog)
  if(NOT EXISTS ${PREFIX}/${path})
    message(FATAL_ERROR "make install did not install ${path}")
  endif()
endforeach()
file(READ ${PREFIX}/share/bash-completion/completions/wonderlog bash)
if(NOT bash MATCHES "complete -o filenames -F _wonderlog wonderlog")
  message(FATAL_ERROR "the installed bash completion is not wonderlog's")
endif()
file(READ ${PREFIX}/share/man/man1/wonderlog.1 man)
if(NOT man MATCHES "^[^\n]*\n*.*\\.TH WONDERLOG 1")
  message(FATAL_ERROR "the installed man page has no .TH line")
endif()
file(REMOVE_RECURSE ${PREFIX})
