package org.openmark.services.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one place a service's state is read and written: NAME/state, lines of {@code key=value}, the first
 * {@code kind=KIND}. Each kind keeps its own keys (a typed record of its own turns them into values); only
 * this class touches the file. Written to a temporary name and renamed, so a reader sees the old state or
 * the new one. (The Cassandra cluster's nodetool wrapper, which this program writes, reads its nodes' JMX
 * ports from it.)
 */
public final class StateFile {
    public static final String FILE_NAME = "state";

    private StateFile() {
    }

    /** The state's text: {@code kind} first, then the values in their order. */
    public static String format(ServiceState state) {
        StringBuilder text = new StringBuilder("kind=").append(state.kind().word()).append('\n');
        state.values().forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        return text.toString();
    }

    /** The state in {@code text}; throws naming what is missing or unknown. */
    public static ServiceState parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.putIfAbsent(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        String kind = values.remove("kind");
        if (kind == null) {
            throw new IllegalArgumentException("the state has no kind");
        }
        return new ServiceState(ServiceKind.ofWord(kind).orElseThrow(() ->
                new IllegalArgumentException("kind=" + kind + ": not a kind of service")), values);
    }

    /** The state of the service in {@code dir}, or empty when there is none or it cannot be read as one. */
    public static Optional<ServiceState> read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code state} to {@code dir}/state. */
    public static void write(Path dir, ServiceState state) {
        Path file = dir.resolve(FILE_NAME);
        Path temporary = dir.resolve(FILE_NAME + ".tmp");
        try {
            Files.writeString(temporary, format(state), StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
