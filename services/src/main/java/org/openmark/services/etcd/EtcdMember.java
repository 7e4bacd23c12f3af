package org.openmark.services.etcd;

/**
 * One member of an etcd cluster: member {@code index} is named {@code nodeI} and listens on 127.0.0.{@code index}
 * (clients and peers on the cluster's two ports).
 *
 * @param pid the process last launched for it, 0 when none
 * @param up  false once kill-node killed it (until start-node)
 */
public record EtcdMember(int index, long pid, boolean up) {

    /** A member about to be launched for the first time. */
    public static EtcdMember fresh(int index) {
        return new EtcdMember(index, 0, true);
    }

    /** Its name in the cluster: {@code node1}. */
    public String name() {
        return name(index);
    }

    /** The name of member {@code index}. */
    public static String name(int index) {
        return "node" + index;
    }

    /** Its loopback address. */
    public String ip() {
        return "127.0.0." + index;
    }

    public EtcdMember launched(long newPid) {
        return new EtcdMember(index, newPid, true);
    }

    public EtcdMember down() {
        return new EtcdMember(index, pid, false);
    }
}
