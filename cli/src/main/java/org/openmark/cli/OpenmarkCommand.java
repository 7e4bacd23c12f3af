package org.openmark.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code openmark}: the top-level command; its subcommands do the work. */
@Command(name = "openmark", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "A benchmark framework for data stores: open and closed load models, honest latencies.",
        subcommands = {RunCommand.class, LoadCommand.class, StoresCommand.class, ExperimentCommand.class,
            StalenessCommand.class, RateCommand.class, TxnOverheadCommand.class, SimStoreCommand.class,
            PbsCommand.class, ReportCommand.class, WorkerCommand.class, CompareCommand.class, ReplayCommand.class,
            TraceCommand.class})
final class OpenmarkCommand implements Callable<Integer> {
    final PrintStream out;
    final PrintStream err;

    @Spec
    CommandSpec spec;

    @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print the stack trace of an unexpected error (errors are one line without it).")
    boolean debug;

    OpenmarkCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(out);
        return CommandLine.ExitCode.USAGE;
    }
}
