"""simt.tools"""
