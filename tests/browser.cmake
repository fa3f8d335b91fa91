# tests/browser.cmake - the browser tests: Debian's Chromium (/usr/bin/chromium,
# never a downloaded browser), driven headless by playwright-core from
# package-lock.json, plays whole games against the real collabble binary on
# loopback (tests/browser/*.test.mjs, node's test runner). Needs node and
# `npm ci`; a missing Chromium fails the test (scripts/deps.sh test installs
# it). Screenshots go to <build dir>/artifacts.
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
    LABELS browser)
endif()
