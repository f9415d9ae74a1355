@_exported import MercatorMath
