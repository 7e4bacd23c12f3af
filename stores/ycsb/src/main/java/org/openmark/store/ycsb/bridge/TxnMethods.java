package org.openmark.store.ycsb.bridge;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import site.ycsb.DB;

/**
 * A binding's transaction methods, as bindings written for YCSB+T have them: public
 * {@code start()}, {@code commit()} and {@code abort()} without parameters, returning nothing, a
 * {@code site.ycsb.Status}, an {@code int} (0 is success, YCSB's old convention) or a
 * {@code boolean}. Looked up once per binding class; a class without all three has none.
 */
final class TxnMethods {
    static final TxnMethods NONE = new TxnMethods(null, null, null);
    private static final MethodType CALL = MethodType.methodType(Object.class, DB.class);

    /** Each {@code (DB) -> Object}; null when the class has no transactions. */
    final MethodHandle start;
    final MethodHandle commit;
    final MethodHandle abort;

    private TxnMethods(MethodHandle start, MethodHandle commit, MethodHandle abort) {
        this.start = start;
        this.commit = commit;
        this.abort = abort;
    }

    static TxnMethods of(Class<? extends DB> type) {
        MethodHandle start = find(type, "start");
        MethodHandle commit = find(type, "commit");
        MethodHandle abort = find(type, "abort");
        return start != null && commit != null && abort != null ? new TxnMethods(start, commit, abort) : NONE;
    }

    boolean present() {
        return this != NONE;
    }

    /** For the store's facts. */
    String describe() {
        return present() ? "start/commit/abort" : "none";
    }

    private static MethodHandle find(Class<? extends DB> type, String name) {
        try {
            Method m = type.getMethod(name);
            if (Modifier.isStatic(m.getModifiers())) {
                return null;
            }
            return MethodHandles.publicLookup().unreflect(m).asType(CALL);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
