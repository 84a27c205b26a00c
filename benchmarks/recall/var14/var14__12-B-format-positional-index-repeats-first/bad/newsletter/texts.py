INTRO = "Write a newsletter intro titled '{0}'. Build it around these highlights:\n{0}\nKeep it under {2} words."
