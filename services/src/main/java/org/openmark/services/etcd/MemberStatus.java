package org.openmark.services.etcd;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one member says of itself (etcd's maintenance status): its id, the leader it follows (0 when it knows
 * none), the Raft term, the index it applied and the store's revision.
 */
public record MemberStatus(String memberId, String leaderId, long raftTerm, long appliedIndex, long revision) {

    /** True when this member is the leader, by its own view. */
    public boolean isLeader() {
        return memberId.equals(leaderId);
    }

    /** True when the member knows a leader. */
    public boolean hasLeader() {
        return !leaderId.isEmpty() && !leaderId.equals("0");
    }

    /**
     * The status in the JSON etcd's gateway answers {@code /v3/maintenance/status} with, or empty when it is not
     * one (an error). Its 64-bit numbers come as strings; a zero one is left out, so an absent leader is "0".
     */
    public static Optional<MemberStatus> parse(String json) {
        Optional<String> member = string(json, "member_id");
        if (member.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new MemberStatus(member.get(), string(json, "leader").orElse("0"),
                number(json, "raftTerm"), number(json, "raftAppliedIndex"), number(json, "revision")));
    }

    static Optional<String> string(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*\"([0-9]+)\"").matcher(json);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static long number(String json, String field) {
        return string(json, field).map(Long::parseUnsignedLong).orElse(0L);
    }
}
