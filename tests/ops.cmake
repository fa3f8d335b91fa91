# What an operator installs: the documented systemd unit is hardened (an
# exposure of at most 2.0 by systemd-analyze), and the real server tells a
# Type=notify service manager when it is ready (test_notify).
add_test(NAME systemd_security
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/systemd_security.sh
          ${PROJECT_SOURCE_DIR}/docs/systemd/collabble.service 2.0)
if(TARGET test_notify AND TARGET collabble)
  target_compile_definitions(test_notify PRIVATE
    CLB_TEST_SERVER="$<TARGET_FILE:collabble>")
  add_dependencies(test_notify collabble)
endif()

# cmake --install gives a working server with the build folder gone: the
# word list is built into the binary (server/builtin_lexicon.S).
add_test(NAME install
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ops/install.sh ${PROJECT_SOURCE_DIR}
          ${CLB_SOWPODS_TXT})
set_tests_properties(install PROPERTIES TIMEOUT 600 LABELS ops)
