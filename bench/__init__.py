"""Scripts that print figures: run one as `python bench/NAME.py`. A package only so that mypy
names them apart from the packages they measure (bench/engine.py beside engine/)."""
