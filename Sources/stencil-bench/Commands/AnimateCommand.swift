import Foundation
import StencilKit
import StencilPictures
import StencilScenarios

/// `stencil-bench animate SCENARIO -o FILE.html [--capacity N] [--latency S] [--throughput N]`: a self-contained
/// HTML page of the flight under the streaming schedule `schedule` plans (``FlightAnimation``); with `--state-at T`
/// instead, what the page draws at time T as JSON (the tiles resident and loading, and their canvas pixels), for
/// `scripts/check-animation.sh`.
enum AnimateCommand {
    /// Runs the command on the words after `animate`; exit status 0.
    static func run(_ words: [String]) throws -> Int32 {
        let args = try Arguments(
            words, command: "animate",
            spec: .init(valued: ["--output", "--state-at"] + ScenarioSchedule.options, aliases: ["-o": "--output"]))
        let stateAt = try args.double("--state-at", "a time in seconds from take-off", valid: { $0.isFinite })
        let output = args.string("--output")
        guard (output == nil) != (stateAt == nil) else {
            throw UsageError(
                "'animate' needs one of -o FILE.html (the page) and --state-at T (what it shows T seconds after take-off)"
            )
        }
        let progress = Progress("animate: reading the scenario")
        defer { progress.finish() }
        let setup = try ScenarioSetup(args, command: "animate")
        progress.update("animate: the schedule of \(setup.scenario.name)")
        let planned = try ScenarioSchedule(setup, args, command: "animate")
        let residency = try Residency(schedule: planned.schedule)
        let animation = try FlightAnimation(
            name: setup.scenario.name, frames: setup.frames, schedule: planned.schedule, capacity: planned.capacity,
            holds: residency.holds, stencil: setup.validatedStencil())
        if let stateAt {
            let (resident, loading) = residency.tiles(at: stateAt)
            print(animation.state(at: stateAt, resident: resident, loading: loading), terminator: "")
            return 0
        }
        progress.update("animate: writing the page")
        try Console.write(animation.render(), to: output ?? "")
        let schedule = planned.schedule
        print(
            "wrote \(output ?? ""): \(setup.scenario.name), \(schedule.requestCount) requests over "
                + "\(fmt(Double(schedule.frameCount) / schedule.framesPerSecond, decimals: 2)) s, capacity "
                + "\(planned.capacity), take-off wait \(fmt(schedule.takeoffWait, decimals: 4)) s")
        return 0
    }
}
