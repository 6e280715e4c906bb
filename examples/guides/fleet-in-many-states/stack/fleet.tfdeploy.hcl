deployment "eu_west_a" {
  inputs = {
    zone = "eu-west-a"
  }
}

deployment "eu_west_b" {
  inputs = {
    zone = "eu-west-b"
  }
}
