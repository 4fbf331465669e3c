// mediapick-bench: side-by-side measurements (see docs/performance.md).
print("mediapick-bench: nothing to measure yet")
