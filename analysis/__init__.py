"""simt.analysis"""
