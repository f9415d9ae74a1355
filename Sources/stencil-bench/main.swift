import StencilKit
print("stencil-bench: not yet")
