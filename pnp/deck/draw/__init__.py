"""Drawing a deck: the deck as a game with one asset, each card's face from its fields and its own
looks, its boxes, pictures and backs, the faces kept between `pnp watch`'s builds, and the tuck box."""
