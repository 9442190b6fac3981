# -DAI_SANITIZE=ON: AddressSanitizer + UndefinedBehaviorSanitizer for every target.
add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
