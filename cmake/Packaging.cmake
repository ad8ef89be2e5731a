# Installation and packaging: the programs in the standard places (GNUInstallDirs), the desktop
# entry, icons, AppStream metadata, MIME type, man pages and bash completion, and a CPack .deb
# (`cpack -G DEB` in build/release). Kernels, tuning files and translations are embedded in the
# binaries, so nothing is read from the source tree at run time. Only the freedesktop files are
# Linux-specific, and each generated file is skipped with a message when its tool is missing, so
# that Windows and macOS builds configure unchanged (docs/packaging.md).
include(GNUInstallDirs)

set(REDUCELAB_APP_ID io.github.reducelab.ReduceLab)
set(REDUCELAB_HOMEPAGE "https://github.com/reducelab/reducelab" CACHE STRING
    "The project's home page, in the package and the AppStream metadata")
set(REDUCELAB_SCREENSHOT_URL "${REDUCELAB_HOMEPAGE}/raw/main/docs" CACHE STRING
    "Where the README's screenshots are published, for the AppStream metadata")
set(REDUCELAB_RELEASE_DATE 2026-12-03)  # of PROJECT_VERSION, for the AppStream release entry
set(desktop_dir "${PROJECT_SOURCE_DIR}/resources/desktop")
set(generated_dir "${PROJECT_BINARY_DIR}/packaging")
# Man pages and the completion come from running the built programs: not in cross builds, nor
# in sanitizer builds (a leak report in a library at exit would fail the build; no one ships them).
set(run_built_programs ON)
if(CMAKE_CROSSCOMPILING OR CMAKE_CXX_FLAGS MATCHES "sanitize")
  set(run_built_programs OFF)
endif()

install(TARGETS reducelab-cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(REDUCELAB_BUILD_GUI)
  install(TARGETS reducelab RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
          BUNDLE DESTINATION .)
  install(TARGETS reducelab-render RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()

# The licence: ReduceLab's own files and the third-party parts the programs link or compile in,
# in Debian's copyright format, where Debian packages keep it.
install(FILES "${PROJECT_SOURCE_DIR}/resources/packaging/copyright"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/reducelab")

# The freedesktop.org files: the desktop entry, the icon, AppStream and the MIME type.
if(REDUCELAB_BUILD_GUI AND UNIX AND NOT APPLE)
  configure_file("${desktop_dir}/${REDUCELAB_APP_ID}.metainfo.xml.in"
                 "${generated_dir}/${REDUCELAB_APP_ID}.metainfo.xml" @ONLY)
  install(FILES "${desktop_dir}/${REDUCELAB_APP_ID}.desktop"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
  install(FILES "${generated_dir}/${REDUCELAB_APP_ID}.metainfo.xml"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
  install(FILES "${desktop_dir}/${REDUCELAB_APP_ID}.mime.xml"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages" RENAME "${REDUCELAB_APP_ID}.xml")
  install(FILES "${desktop_dir}/${REDUCELAB_APP_ID}.svg"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")

  # PNG sizes for menus that do not draw SVG, rendered from the one SVG (librsvg2-bin).
  find_program(REDUCELAB_RSVG_CONVERT rsvg-convert)
  if(REDUCELAB_RSVG_CONVERT)
    set(pngs)
    foreach(size 16 24 32 48 64 128 256)
      set(png "${generated_dir}/icons/${size}x${size}/${REDUCELAB_APP_ID}.png")
      add_custom_command(OUTPUT "${png}"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${generated_dir}/icons/${size}x${size}"
        COMMAND "${REDUCELAB_RSVG_CONVERT}" -w ${size} -h ${size}
                "${desktop_dir}/${REDUCELAB_APP_ID}.svg" -o "${png}"
        DEPENDS "${desktop_dir}/${REDUCELAB_APP_ID}.svg" VERBATIM)
      install(FILES "${png}" DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps")
      list(APPEND pngs "${png}")
    endforeach()
    add_custom_target(reducelab_icons ALL DEPENDS ${pngs})
  else()
    message(STATUS "rsvg-convert not found (librsvg2-bin): only the SVG icon is installed")
  endif()
endif()

# Man pages from the programs' own --help (help2man), gzipped as Debian installs them;
# reducelab-cli's COMMANDS section from each command's --help (cmake/man_commands.cmake).
find_program(REDUCELAB_HELP2MAN help2man)
find_program(REDUCELAB_GZIP gzip)
if(REDUCELAB_HELP2MAN AND REDUCELAB_GZIP AND run_built_programs)
  set(man_dir "${generated_dir}/man")
  set(man_includes "${PROJECT_SOURCE_DIR}/resources/man")
  add_custom_command(OUTPUT "${man_dir}/reducelab-cli.1.gz"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
    COMMAND "${CMAKE_COMMAND}" "-DCLI=$<TARGET_FILE:reducelab-cli>"
            "-DOUTPUT=${man_dir}/reducelab-cli-commands.h2m"
            -P "${PROJECT_SOURCE_DIR}/cmake/man_commands.cmake"
    COMMAND "${REDUCELAB_HELP2MAN}" --no-info --section=1
            "--name=run, verify and time OpenCL reductions"
            "--include=${man_includes}/reducelab-cli.h2m"
            "--include=${man_dir}/reducelab-cli-commands.h2m"
            "--output=${man_dir}/reducelab-cli.1" "$<TARGET_FILE:reducelab-cli>"
    COMMAND "${REDUCELAB_GZIP}" -9nf "${man_dir}/reducelab-cli.1"
    DEPENDS reducelab-cli "${man_includes}/reducelab-cli.h2m"
            "${PROJECT_SOURCE_DIR}/cmake/man_commands.cmake" VERBATIM)
  set(man_pages "${man_dir}/reducelab-cli.1.gz")
  if(REDUCELAB_BUILD_GUI)
    # The GUI's --version says "ReduceLab <version>"; the page is named after the command, so
    # the version is given and the COPYRIGHT section comes from the rest of its --version.
    add_custom_command(OUTPUT "${man_dir}/reducelab.1.gz"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
      COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:reducelab>"
              "-DOUTPUT=${man_dir}/reducelab-copyright.h2m"
              -P "${PROJECT_SOURCE_DIR}/cmake/man_copyright.cmake"
      COMMAND "${REDUCELAB_HELP2MAN}" --no-info --section=1
              "--name=teach and tune OpenCL parallel reductions"
              "--version-string=${PROJECT_VERSION}"
              "--include=${man_includes}/reducelab.h2m"
              "--include=${man_dir}/reducelab-copyright.h2m"
              "--output=${man_dir}/reducelab.1" "$<TARGET_FILE:reducelab>"
      COMMAND "${REDUCELAB_GZIP}" -9nf "${man_dir}/reducelab.1"
      DEPENDS reducelab "${man_includes}/reducelab.h2m"
              "${PROJECT_SOURCE_DIR}/cmake/man_copyright.cmake" VERBATIM)
    add_custom_command(OUTPUT "${man_dir}/reducelab-render.1.gz"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
      COMMAND "${REDUCELAB_HELP2MAN}" --no-info --section=1
              "--name=draw ReduceLab's charts from results files"
              "--include=${man_includes}/reducelab-render.h2m"
              "--output=${man_dir}/reducelab-render.1" "$<TARGET_FILE:reducelab-render>"
      COMMAND "${REDUCELAB_GZIP}" -9nf "${man_dir}/reducelab-render.1"
      DEPENDS reducelab-render "${man_includes}/reducelab-render.h2m" VERBATIM)
    list(APPEND man_pages "${man_dir}/reducelab.1.gz" "${man_dir}/reducelab-render.1.gz")
  endif()
  install(FILES ${man_pages} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
  add_custom_target(reducelab_man_pages ALL DEPENDS ${man_pages})
elseif(run_built_programs)
  message(STATUS "help2man or gzip not found: no man pages")
endif()

# Bash completion, written by the CLI itself from its commands, options and catalog.
if(UNIX AND run_built_programs)
  set(completion "${generated_dir}/completions/reducelab-cli")
  add_custom_command(OUTPUT "${completion}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${generated_dir}/completions"
    COMMAND reducelab-cli completion bash > "${completion}"
    DEPENDS reducelab-cli VERBATIM)
  add_custom_target(reducelab_completion ALL DEPENDS "${completion}")
  install(FILES "${completion}" DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
endif()

# CPack: a .deb on Debian and derivatives (dpkg-shlibdeps turns the linked libraries into
# Depends), an archive elsewhere.
set(CPACK_PACKAGE_NAME reducelab)
set(CPACK_PACKAGE_VENDOR ReduceLab)
set(CPACK_PACKAGE_CONTACT "ReduceLab maintainers <reducelab@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "teach and tune OpenCL parallel reductions")
set(CPACK_PACKAGE_DESCRIPTION
    "ReduceLab runs real parallel reductions (sum, min, max, dot, ...) on any OpenCL device,
verifies every result against a CPU reference, times it with OpenCL profiling events and shows
why one kernel is faster than another: a step mode of a work-group's local memory after every
barrier, an optimization ladder of fourteen kernels, measured throughput charts and local-size
tuning. The desktop app is reducelab; reducelab-cli is the same engine without a GUI.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${REDUCELAB_HOMEPAGE}")
set(CPACK_STRIP_FILES ON)
find_program(REDUCELAB_DPKG dpkg)
if(REDUCELAB_DPKG)
  set(CPACK_GENERATOR DEB)
else()
  set(CPACK_GENERATOR TGZ)
endif()
# The package's version names the release it was built on (its Depends come from that
# release's libraries): 0.2.0~deb13 on Debian 13, ~deb12 on 12, ~ubuntu24.04 on Ubuntu 24.04;
# no suffix where /etc/os-release names neither (or no numbered release, as Debian testing).
set(os_release_suffix "")
if(EXISTS /etc/os-release)
  file(STRINGS /etc/os-release os_release REGEX "^(ID|VERSION_ID)=")
  set(os_id "")
  set(os_version "")
  foreach(line IN LISTS os_release)
    if(line MATCHES "^ID=\"?([^\"]*)\"?$")
      set(os_id "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^VERSION_ID=\"?([^\"]*)\"?$")
      set(os_version "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(os_id STREQUAL "debian" AND os_version MATCHES "^[0-9]+$")
    set(os_release_suffix "~deb${os_version}")
  elseif(os_id STREQUAL "ubuntu" AND os_version MATCHES "^[0-9]+\\.[0-9]+$")
    set(os_release_suffix "~ubuntu${os_version}")
  endif()
endif()
set(REDUCELAB_PACKAGE_RELEASE_SUFFIX "${os_release_suffix}" CACHE STRING
    "Appended to the package's version: the release it is built for (from /etc/os-release)")
set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}${REDUCELAB_PACKAGE_RELEASE_SUFFIX}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # reducelab_<version>~<release>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The OpenCL ICD loader is linked, so shlibdeps names it (ocl-icd-libopencl1 | libopencl1...);
# a loader without a driver has no device, and PoCL's CPU driver is one that always works.
# Qt's own translations put the standard dialog buttons (Save, Discard, Cancel, Yes, No) in the
# GUI's language.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clinfo")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)

# The freedesktop files as the desktop and the software centres will read them.
if(REDUCELAB_BUILD_TESTS AND REDUCELAB_BUILD_GUI AND UNIX AND NOT APPLE)
  add_test(NAME package_desktop_entry_valid
           COMMAND desktop-file-validate "${desktop_dir}/${REDUCELAB_APP_ID}.desktop")
  add_test(NAME package_appstream_valid
           COMMAND appstreamcli validate --no-net "${generated_dir}/${REDUCELAB_APP_ID}.metainfo.xml")
  add_test(NAME package_mime_type
           COMMAND bash "${PROJECT_SOURCE_DIR}/tests/package/check_mime.sh"
                   "${desktop_dir}/${REDUCELAB_APP_ID}.mime.xml")
endif()
if(REDUCELAB_BUILD_TESTS AND TARGET reducelab_completion)
  add_test(NAME package_bash_completion
           COMMAND bash "${PROJECT_SOURCE_DIR}/tests/package/check_completion.sh"
                   "$<TARGET_FILE:reducelab-cli>" "${completion}")
  if(TARGET reducelab_man_pages)
    # Help text, man page and completion name the same values for every option.
    add_test(NAME package_option_choices
             COMMAND python3 "${PROJECT_SOURCE_DIR}/tests/package/check_option_choices.py"
                     "$<TARGET_FILE:reducelab-cli>" "${completion}"
                     "${generated_dir}/man/reducelab-cli-commands.h2m")
  endif()
endif()

# The package itself: built, unpacked (or installed, in CI) and run from outside the tree.
if(REDUCELAB_BUILD_TESTS AND REDUCELAB_DPKG AND REDUCELAB_BUILD_GUI AND run_built_programs)
  add_test(NAME package_deb_installed
           COMMAND bash "${PROJECT_SOURCE_DIR}/tests/package/check_package.sh" "${PROJECT_BINARY_DIR}")
  set_tests_properties(package_deb_installed PROPERTIES TIMEOUT 600 LABELS package
                       RESOURCE_LOCK build_tree)
endif()
