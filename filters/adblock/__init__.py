"""Ad and tracker matching: a host-suffix matcher for hosts files, and Adblock Plus lists."""
