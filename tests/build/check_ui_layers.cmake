# The GUI's folders are layers (DEVELOPERS.md, "The GUI's rooms"): a file includes only headers
# of its own folder or of a folder below it, in this order from the ground up:
#   common   jobs, texts, theme, dialogs and small widgets every window uses
#   charts   QCustomPlot charts and their export
#   step     the step view: canvas, lens, the traced panels
#   lessons  the lecture and the determinism lesson
#   tools    the tool windows on one skeleton (ToolWindow)
#   shell    the main window and what it owns: menus, control panel, sessions, sweeps
# Run with cmake -P; fails naming each include that runs back up, and any folder or file outside
# the order.
set(layers common charts step lessons tools shell)
set(ui "${CMAKE_CURRENT_LIST_DIR}/../../ui")

file(GLOB entries RELATIVE "${ui}" "${ui}/*")
foreach(entry IN LISTS entries)
  if(IS_DIRECTORY "${ui}/${entry}")
    list(FIND layers "${entry}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "ui/${entry}/ has no place in the layer order: add it to `layers`")
    endif()
  elseif(NOT entry STREQUAL "CMakeLists.txt")
    message(FATAL_ERROR "ui/${entry} sits outside the layers: move it into the folder of its concern")
  endif()
endforeach()

set(back "")
set(count 0)
foreach(layer IN LISTS layers)
  if(NOT IS_DIRECTORY "${ui}/${layer}")
    message(FATAL_ERROR "ui/${layer}/ is in the layer order but not in the tree")
  endif()
  list(FIND layers "${layer}" own)
  file(GLOB_RECURSE sources RELATIVE "${ui}" "${ui}/${layer}/*.cpp" "${ui}/${layer}/*.h")
  foreach(source IN LISTS sources)
    math(EXPR count "${count} + 1")
    file(STRINGS "${ui}/${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*$" "\\1" header "${line}")
      string(REGEX MATCH "^[a-z_]+/" folder "${header}")
      string(REGEX REPLACE "/$" "" folder "${folder}")
      list(FIND layers "${folder}" at)
      if(at GREATER own)
        list(APPEND back "ui/${source} includes ${header} (${folder} is above ${layer})")
      endif()
    endforeach()
  endforeach()
endforeach()
if(count LESS 50)
  message(FATAL_ERROR "found only ${count} files under ui/: wrong root?")
endif()
if(back)
  list(JOIN back "\n  " text)
  message(FATAL_ERROR "includes that run back up the GUI's layers:\n  ${text}")
endif()
message(STATUS "ui layers: ${count} files, no include runs back up")
