"""The tools the tests share, each written once: card notation (`cards`), the seed source a
test's bot deals from (`seeds`), a hand dealt straight into a `Table` (`tables`), and the
SimCord room with its table helpers (`room`). The bench scripts use them too."""
