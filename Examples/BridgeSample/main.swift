// The classic UIViewControllerRepresentable sample, in the terminal. (Filled in by the terminal UI work.)
print("bridge-sample")
