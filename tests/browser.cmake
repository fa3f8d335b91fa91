# tests/browser.cmake - the browser tests: Debian's Chromium (/usr/bin/chromium,
# never a downloaded browser), driven headless by playwright-core from
# package-lock.json, plays whole games against the real collabble binary on
# loopback (tests/browser/*.test.mjs, node's test runner). Needs node and
# `npm ci`; a missing Chromium fails the test (scripts/deps.sh test installs
# it). Screenshots go to <build dir>/artifacts. browser_mounted runs the same
# files with the app under /collabble/ behind lighttpd.
find_program(CLB_NODE node)
if(NOT CLB_NODE)
  message(WARNING "node not found: the browser tests (tests/browser) are skipped")
elseif(TARGET collabble)
  # The files are listed rather than the directory: node >= 21 takes only
  # files and globs after --test.
  file(GLOB CLB_BROWSER_TESTS CONFIGURE_DEPENDS
       ${CMAKE_SOURCE_DIR}/tests/browser/*.test.mjs)
  add_test(NAME browser
           COMMAND ${CLB_NODE} --test --test-reporter=tap ${CLB_BROWSER_TESTS}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(browser PROPERTIES
    ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble>;ARTIFACT_DIR=${CMAKE_BINARY_DIR}/artifacts"
    TIMEOUT 900
    LABELS browser
    RESOURCE_LOCK browser)
  # The same suite once more with the app mounted at /collabble/ behind
  # Debian's lighttpd (/usr/sbin/lighttpd): lighttpd spawns collabble as its
  # FastCGI program with COLLABBLE_BASE_PATH=/collabble and serves the files
  # of `collabble --export-static` itself (tests/browser/helpers.mjs,
  # CLB_BROWSER_MOUNT). Its configuration and logs go to
  # <build dir>/browser-mount (kept after a failed stop), its screenshots to
  # <build dir>/artifacts/mounted. The lock keeps the two suites, each a
  # Chromium and a server, from sharing the machine at once.
  add_test(NAME browser_mounted
           COMMAND ${CLB_NODE} --test --test-reporter=tap ${CLB_BROWSER_TESTS}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(browser_mounted PROPERTIES
    ENVIRONMENT "COLLABBLE_BIN=$<TARGET_FILE:collabble>;ARTIFACT_DIR=${CMAKE_BINARY_DIR}/artifacts/mounted;CLB_BROWSER_MOUNT=lighttpd-fastcgi;CLB_BROWSER_MOUNT_DIR=${CMAKE_BINARY_DIR}/browser-mount"
    TIMEOUT 900
    LABELS browser
    RESOURCE_LOCK browser)
endif()
