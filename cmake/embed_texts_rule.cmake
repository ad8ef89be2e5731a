# reducelab_embed_texts(OUTPUT FUNCTION COMMENT INPUT...): a build rule that regenerates OUTPUT
# with cmake/embed_texts.cmake (FUNCTION() returns the INPUT files' texts) when one changes.
function(reducelab_embed_texts output function comment)
  set(script "${PROJECT_SOURCE_DIR}/cmake/embed_texts.cmake")
  add_custom_command(OUTPUT "${output}"
    COMMAND "${CMAKE_COMMAND}" -D "OUTPUT=${output}" -D "INPUTS=${ARGN}" -D "FUNCTION=${function}"
            -P "${script}"
    DEPENDS ${ARGN} "${script}" COMMENT "${comment}" VERBATIM)
endfunction()
