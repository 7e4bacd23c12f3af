package org.openmark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.openmark.config.ConfigException;
import org.openmark.trace.TraceEnd;
import org.openmark.trace.TraceReader;
import org.openmark.trace.TraceRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code openmark trace}: what a trace written by {@code --record-ops} holds. */
@Command(name = "trace", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Look into a trace written by run --record-ops.",
            "Example: bin/openmark trace show run.trace > run.csv"},
        subcommands = {TraceCommand.Show.class})
final class TraceCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(parent.out);
        return picocli.CommandLine.ExitCode.USAGE;
    }

    /** {@code trace show FILE}: the trace as CSV, one operation a line, in the order they ended. */
    @Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Print a trace as CSV: intended_ns, start_ns, end_ns (from the run's measured start),"
                    + " operation, table, key, fields (all: every field), bytes, scan_length, status, client;"
                    + " one operation a line, in the order they ended.",
                "Example: bin/openmark trace show run.trace > run.csv"})
    static final class Show implements Callable<Integer> {
        /** The CSV's first line. */
        static final String COLUMNS = "intended_ns,start_ns,end_ns,operation,table,key,fields,bytes,scan_length,status,client";

        @ParentCommand
        TraceCommand trace;

        @Parameters(index = "0", paramLabel = "FILE", description = "The trace.")
        Path file;

        @Option(names = "--incomplete", description = "Print what an incomplete trace (its run died) holds, and warn,"
                + " rather than refusing it.")
        boolean incomplete;

        @Override
        public Integer call() throws IOException {
            PrintStream out = trace.parent.out;
            if (!incomplete) {
                check(file); // refused before a line is printed: the CSV is whole or absent
            }
            StringBuilder line = new StringBuilder(256);
            out.println(COLUMNS);
            try (TraceReader reader = TraceReader.open(file)) {
                for (TraceRecord r = next(reader); r != null; r = next(reader)) {
                    line.setLength(0);
                    line.append(r.intendedStartNanos()).append(',').append(r.actualStartNanos()).append(',')
                            .append(r.endNanos()).append(',');
                    csv(line, r.operation()).append(',');
                    csv(line, r.table()).append(',');
                    csv(line, r.key()).append(',');
                    line.append(r.fieldCount() < 0 ? "all" : Integer.toString(r.fieldCount())).append(',')
                            .append(r.bytes()).append(',').append(r.scanLength()).append(',');
                    csv(line, r.status()).append(',').append(r.client());
                    out.println(line);
                }
            }
            out.flush();
            return 0;
        }

        private TraceRecord next(TraceReader reader) throws IOException {
            try {
                return reader.next();
            } catch (ConfigException e) {
                if (!incomplete) {
                    throw e;
                }
                trace.parent.err.println("openmark: warning: " + e.getMessage());
                return null;
            }
        }

        /** Reads the whole trace once: an incomplete or damaged one is refused, naming the file. */
        private static TraceEnd check(Path file) throws IOException {
            try (TraceReader reader = TraceReader.open(file)) {
                while (reader.next() != null) {
                    // read to its end mark
                }
                return reader.end();
            }
        }

        /** {@code value} as a CSV field: empty for null, quoted when it holds a comma, quote or line break. */
        static StringBuilder csv(StringBuilder b, String value) {
            if (value == null) {
                return b;
            }
            if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0
                    && value.indexOf('\r') < 0) {
                return b.append(value);
            }
            return b.append('"').append(value.replace("\"", "\"\"")).append('"');
        }
    }
}
