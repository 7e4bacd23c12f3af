package org.openmark.services.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one place a cluster's state is read and written: NAME/state, lines of {@code key=value}. Its first
 * line is {@code kind=cassandra}, which bin/openmark-services reads for every kind of service; the
 * nodetool wrapper reads {@code node.I.jmx_port}. Written to a temporary name and renamed, so a reader
 * sees the old state or the new one.
 */
public final class StateFile {
    public static final String FILE_NAME = "state";
    static final String KIND = "cassandra";

    private StateFile() {
    }

    /** The state's text. */
    public static String format(ClusterState state) {
        StringBuilder text = new StringBuilder();
        line(text, "kind", KIND);
        line(text, "version", state.version());
        line(text, "java", state.java().toString());
        line(text, "lib", state.lib().toString());
        line(text, "port", state.cqlPort());
        line(text, "storage_port", state.storagePort());
        line(text, "seeds", state.seedCount());
        line(text, "nodes", state.nodes().size());
        for (NodeSlot n : state.nodes()) {
            String prefix = "node." + n.index() + ".";
            line(text, prefix + "status", n.status().word());
            line(text, prefix + "jmx_port", n.jmxPort());
            line(text, prefix + "pid", n.pid());
            line(text, prefix + "removed_at", n.removedAtEpochSeconds());
        }
        return text.toString();
    }

    /** The state in {@code text}; throws naming the key that is missing or malformed. */
    public static ClusterState parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String l : text.split("\n")) {
            int eq = l.indexOf('=');
            if (eq > 0) {
                values.putIfAbsent(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        if (!KIND.equals(values.get("kind"))) {
            throw new IllegalArgumentException("kind=" + values.get("kind") + ": not a cassandra cluster's state");
        }
        int count = number(values, "nodes");
        List<NodeSlot> nodes = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String prefix = "node." + i + ".";
            nodes.add(new NodeSlot(i, number(values, prefix + "jmx_port"), Long.parseLong(required(values, prefix + "pid")),
                    NodeStatus.ofWord(required(values, prefix + "status")),
                    Long.parseLong(required(values, prefix + "removed_at"))));
        }
        return new ClusterState(required(values, "version"), Path.of(required(values, "java")),
                Path.of(required(values, "lib")), number(values, "port"), number(values, "storage_port"),
                number(values, "seeds"), nodes);
    }

    /** The state of the cluster in {@code dir}, or empty when there is none (or it is another kind's). */
    public static Optional<ClusterState> read(Path dir) {
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
    public static void write(Path dir, ClusterState state) {
        Path file = dir.resolve(FILE_NAME);
        Path temporary = dir.resolve(FILE_NAME + ".tmp");
        try {
            Files.writeString(temporary, format(state), StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void line(StringBuilder text, String key, Object value) {
        text.append(key).append('=').append(value).append('\n');
    }

    private static String required(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("the state has no " + key);
        }
        return value;
    }

    private static int number(Map<String, String> values, String key) {
        try {
            return Integer.parseInt(required(values, key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + values.get(key) + ": not a number");
        }
    }
}
