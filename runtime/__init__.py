"""simt.runtime"""
