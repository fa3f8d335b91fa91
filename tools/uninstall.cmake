# tools/uninstall.cmake - removes what `cmake --install` installed, as its
# manifest lists it: `cmake --build BUILD --target uninstall` (the top
# CMakeLists.txt), or `cmake -DMANIFEST=BUILD/install_manifest.txt -P
# tools/uninstall.cmake`. Every file of the manifest goes; so do the folders
# of Collabble's own that it leaves empty (under the prefix, a folder named
# collabble and those under it: share/collabble/static, share/doc/collabble),
# never a shared one such as bin/ or share/man/man1/, even when empty.
# The manifest is that of the last install from this build folder, under
# the DESTDIR it used (noted beside the manifest by the top CMakeLists.txt).
# SPDX-License-Identifier: MIT
if(NOT MANIFEST)
  message(FATAL_ERROR "uninstall: give -DMANIFEST=BUILD/install_manifest.txt")
endif()
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "uninstall: ${MANIFEST} is missing: nothing was "
    "installed from this build folder (run cmake --install first)")
endif()
# The manifest's paths are the files' less DESTDIR: the one the install
# used and its prefix, as the top CMakeLists.txt noted them (WHERE).
set(INSTALLED_DESTDIR "$ENV{DESTDIR}")
set(INSTALLED_PREFIX "")
if(WHERE AND EXISTS "${WHERE}")
  include("${WHERE}")
endif()
if(INSTALLED_DESTDIR)
  message(STATUS "uninstall: under DESTDIR ${INSTALLED_DESTDIR}")
endif()
file(STRINGS "${MANIFEST}" listed)
set(files)
foreach(f IN LISTS listed)
  list(APPEND files "${INSTALLED_DESTDIR}${f}")
endforeach()
set(dirs)
set(removed 0)
foreach(f IN LISTS files)
  if(EXISTS "${f}" OR IS_SYMLINK "${f}")
    file(REMOVE "${f}")
    if(EXISTS "${f}" OR IS_SYMLINK "${f}")
      message(FATAL_ERROR "uninstall: could not remove ${f}")
    endif()
    message(STATUS "Removed: ${f}")
    math(EXPR removed "${removed} + 1")
  else()
    message(STATUS "Already gone: ${f}")
  endif()
  # Collabble's own folders above the file: below the prefix, from its
  # folder up to the highest one named collabble (share/doc/collabble/docs/
  # hosts, .../docs, share/doc/collabble; never bin/ or the prefix's own
  # folders, whatever their names).
  get_filename_component(d "${f}" DIRECTORY)
  set(top "${INSTALLED_DESTDIR}${INSTALLED_PREFIX}")
  string(LENGTH "${top}" toplen)
  set(chain)
  while(INSTALLED_PREFIX)
    string(LENGTH "${d}" dlen)
    if(dlen LESS_EQUAL toplen)
      break()
    endif()
    string(SUBSTRING "${d}" ${toplen} -1 below)
    if(NOT below MATCHES "/collabble(/|$)")
      break()
    endif()
    list(APPEND chain "${d}")
    get_filename_component(d "${d}" DIRECTORY)
  endwhile()
  list(APPEND dirs ${chain})
endforeach()
# Deepest first, so that a folder is empty once its own folders are gone.
list(REMOVE_DUPLICATES dirs)
list(SORT dirs ORDER DESCENDING)
foreach(d IN LISTS dirs)
  if(IS_DIRECTORY "${d}")
    file(GLOB left "${d}/*" "${d}/.*")
    if(NOT left)
      file(REMOVE_RECURSE "${d}")
      message(STATUS "Removed folder: ${d}")
    endif()
  endif()
endforeach()
message(STATUS "uninstall: ${removed} files removed")
