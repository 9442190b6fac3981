# -DAI_SANITIZE=ON: AddressSanitizer + UndefinedBehaviorSanitizer for every target.
add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
# At -O1 (AddressSanitizer's recommended level; it comes after the build type's -O3): with both
# sanitizers -O3 compiles 3-6x slower (tests/cpp/test_sim_arch_tables.cpp: 136 s against 22 s,
# op_kernel/interpolate.cpp 60 s against 37 s), which CI's time cannot afford.
add_compile_options(-O1)
