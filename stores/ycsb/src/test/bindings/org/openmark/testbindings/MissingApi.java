package org.openmark.testbindings;

/** Stands for a driver library's interface; the test jar leaves it out (see {@link MissingInterfaceDB}). */
public interface MissingApi {
}
