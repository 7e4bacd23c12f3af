package org.openmark.services.cassandra;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** What the nodetool commands the manager runs print, read: pure functions of their output. */
public final class NodetoolOutput {
    private static final Pattern UUID = Pattern.compile("[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+");
    private static final Pattern SCHEMA_VERSION = Pattern.compile("^\\s+[0-9a-f-]{36}: \\[.*");
    private static final Pattern LOAD = Pattern.compile("^Load\\s*:\\s*(.*)$");

    private NodetoolOutput() {
    }

    /** How many nodes {@code nodetool status} shows Up and Normal. */
    public static long upNormal(String status) {
        return status.lines().filter(l -> l.startsWith("UN ")).count();
    }

    /** True when {@code nodetool status} shows the node at {@code ip} Down. */
    public static boolean seenDown(String status, String ip) {
        Pattern down = Pattern.compile("^D. +" + Pattern.quote(ip) + " .*");
        return status.lines().anyMatch(l -> down.matcher(l).matches());
    }

    /** The host id {@code nodetool status} shows for the node at {@code ip}. */
    public static Optional<String> hostId(String status, String ip) {
        for (String l : status.lines().toList()) {
            String[] fields = l.trim().split("\\s+");
            if (fields.length > 2 && fields[1].equals(ip)) {
                for (int k = 2; k < fields.length; k++) {
                    if (UUID.matcher(fields[k]).matches()) {
                        return Optional.of(fields[k]);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * True when {@code nodetool describecluster} shows one schema version only, held by every one of
     * {@code ips}: a node that streams before it has the keyspaces streams nothing of them.
     */
    public static boolean schemaAgreed(String describecluster, List<String> ips) {
        List<String> versions = describecluster.lines().filter(l -> SCHEMA_VERSION.matcher(l).matches()).toList();
        if (versions.size() != 1) {
            return false;
        }
        String holders = versions.get(0);
        return ips.stream().allMatch(ip -> Pattern.compile("[\\[ ]" + Pattern.quote(ip) + "[\\],:]").matcher(holders).find());
    }

    /**
     * The hint files {@code nodetool listpendinghints} shows for the node at {@code ip}: the fourth field
     * after its address (Address, Rack, DC, Status, Total files, as Cassandra 5.0 prints them), or 0 when
     * it has none.
     */
    public static long pendingHintFiles(String listpendinghints, String ip) {
        for (String l : listpendinghints.lines().toList()) {
            String[] fields = l.trim().split("\\s+");
            for (int k = 0; k < fields.length; k++) {
                if (fields[k].equals(ip) || fields[k].startsWith(ip + ":")) {
                    if (k + 4 < fields.length && fields[k + 4].matches("\\d+")) {
                        return Long.parseLong(fields[k + 4]);
                    }
                    return 0;
                }
            }
        }
        return 0;
    }

    /** The node's own figure of the data it holds ({@code nodetool info}'s Load), or empty. */
    public static String load(String info) {
        return info.lines().map(LOAD::matcher).filter(java.util.regex.Matcher::matches).map(m -> m.group(1)).findFirst()
                .orElse("");
    }

    /** The lines nodetool printed before its stack trace. */
    public static String beforeStackTrace(String output) {
        int trace = output.indexOf("-- StackTrace --");
        return trace < 0 ? output : output.substring(0, trace);
    }
}
