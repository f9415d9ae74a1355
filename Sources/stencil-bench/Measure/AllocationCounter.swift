import MercatorMath
import StencilScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts Swift heap allocations while a body runs, without any dependency: the Swift runtime routes every
/// `swift_allocObject` (class instances, array and string storage, boxes, closure contexts) through the function
/// pointer `_swift_allocObject` once `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`
/// is set — the hook Instruments uses. The counter swaps in a counting function for the duration of the body, then
/// restores the runtime's own.
/// Allocations that bypass `swift_allocObject` (`malloc` from C, `UnsafeMutablePointer.allocate`) are not counted;
/// the library makes none. (glibc's `mallinfo2`, which only reports bytes in use, is not visible from Swift's Glibc
/// module.) Only the calling thread's allocations count (the progress line's thread allocates too, at its own
/// pace); one `count(_:)` at a time.
///
/// Hazard: while the hook is on, the runtime routes every retain and release of every thread through its adapters,
/// and those crash on objects that are not native Swift heap objects (seen: FoundationNetworking's threads during an
/// HTTP replay; `CommandLine.arguments` copied while the hook was on). So the hook is on only inside `count(_:)`,
/// and `replay` counts nothing over an HTTP source.
enum AllocationCounter {
    typealias Allocate = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

    // The hook's state. Only the bench's single measuring thread touches it, and only inside `count(_:)`.
    nonisolated(unsafe) private static var original: Allocate?
    nonisolated(unsafe) private static var allocations = 0
    /// The thread whose allocations count.
    nonisolated(unsafe) private static var counted: pthread_t?

    /// Runs `body` and returns how many Swift heap allocations it made (nil where the runtime hook is not
    /// available).
    static func count(_ body: () -> Void) -> Int? {
        allocations = 0
        counted = pthread_self()
        let slots = self.slots
        let hooked = slots.map(install) ?? false
        body()
        if hooked, let slots { uninstall(slots) }
        return hooked ? allocations : nil
    }

    private static var slots: (function: UnsafeMutablePointer<Allocate?>, enabled: UnsafeMutablePointer<Bool>)? {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        guard let function = dlsym(handle, "_swift_allocObject"),
            let enabled = dlsym(handle, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
        else { return nil }
        return (function.assumingMemoryBound(to: Allocate?.self), enabled.assumingMemoryBound(to: Bool.self))
    }

    private static func install(
        _ slots: (function: UnsafeMutablePointer<Allocate?>, enabled: UnsafeMutablePointer<Bool>)
    ) -> Bool {
        let (function, enabled) = slots
        guard let current = function.pointee else { return false }
        // Set once and never cleared: another thread may still be inside the previous hook when the next count
        // starts (the runtime's own function is the same every time).
        if original == nil { original = current }
        function.pointee = { metadata, size, alignment in
            if let thread = AllocationCounter.counted, pthread_equal(pthread_self(), thread) != 0 {
                AllocationCounter.allocations &+= 1
            }
            return AllocationCounter.original!(metadata, size, alignment)
        }
        enabled.pointee = true
        return true
    }

    private static func uninstall(
        _ slots: (function: UnsafeMutablePointer<Allocate?>, enabled: UnsafeMutablePointer<Bool>)
    ) {
        let (function, enabled) = slots
        enabled.pointee = false
        function.pointee = original
    }
}
